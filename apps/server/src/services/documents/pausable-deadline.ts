/**
 * A time limit that can be extended and paused: a parse's clock stops while its scanned pages only
 * wait for the shared OCR pool, so a document queued behind others is not failed for their work.
 */
export class PausableDeadline {
  private remainingMs: number;
  private startedAt = 0;
  private timer?: NodeJS.Timeout;
  private stopped = false;

  constructor(
    limitMs: number,
    private readonly onExpire: () => void,
  ) {
    this.remainingMs = limitMs;
    this.resume();
  }

  get paused(): boolean {
    return this.timer === undefined;
  }

  /** Adds time to the limit. */
  extend(ms: number): void {
    if (this.paused) this.remainingMs += ms;
    else this.restart(this.left() + ms);
  }

  pause(): void {
    if (this.paused) return;
    this.remainingMs = this.left();
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  resume(): void {
    if (!this.paused || this.stopped) return;
    this.restart(this.remainingMs);
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private left(): number {
    return Math.max(0, this.remainingMs - (Date.now() - this.startedAt));
  }

  private restart(ms: number): void {
    clearTimeout(this.timer);
    this.remainingMs = ms;
    this.startedAt = Date.now();
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.stopped = true;
      this.onExpire();
    }, ms);
  }
}

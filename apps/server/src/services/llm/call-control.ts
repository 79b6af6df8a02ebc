import type { AbortCause } from './errors';

/** What cancels one provider call: already aborted, or later through the one listener it takes. */
export interface CallAbort {
  readonly aborted: boolean;
  /** What the aborted call is destroyed with. */
  readonly reason: unknown;
  /** Sets (or, with undefined, clears) the one function called when the call is aborted. */
  onAbort(listener: (() => void) | undefined): void;
}

/**
 * Aborts one upstream call when the caller aborts or when nothing arrived for `idleTimeoutMs`;
 * `touch()` restarts the idle clock on every chunk. It is its own abort target rather than an
 * AbortController: an open answer holds one of these for its whole life, and an AbortSignal
 * with listeners costs several times the memory of these few fields.
 */
export class CallControl implements CallAbort {
  private timer: NodeJS.Timeout | undefined;
  private abortCause: AbortCause | undefined;
  private abortReason: unknown;
  private listener: (() => void) | undefined;
  private readonly onCallerAbort = () => this.abort('caller');
  private paused = false;
  private readonly onIdle = () => {
    if (!this.paused) this.abort('idle');
  };

  constructor(
    private readonly callerSignal: AbortSignal | undefined,
    private readonly idleTimeoutMs: number,
  ) {
    if (callerSignal?.aborted) this.abort('caller');
    else callerSignal?.addEventListener('abort', this.onCallerAbort, { once: true });
    this.touch();
  }

  get cause(): AbortCause | undefined {
    return this.abortCause;
  }

  get aborted(): boolean {
    return this.abortCause !== undefined;
  }

  get reason(): unknown {
    return this.abortReason;
  }

  onAbort(listener: (() => void) | undefined): void {
    this.listener = listener;
  }

  touch(): void {
    if (this.abortCause) return;
    this.paused = false;
    // One timer for the whole call, re-armed (also after it fired while paused) on every chunk.
    if (this.timer) this.timer.refresh();
    else this.timer = setTimeout(this.onIdle, this.idleTimeoutMs);
  }

  /** Stops the idle clock while the consumer, not the provider, is the slow side. */
  pause(): void {
    this.paused = true;
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.listener = undefined;
    this.callerSignal?.removeEventListener('abort', this.onCallerAbort);
  }

  private abort(cause: AbortCause): void {
    if (this.abortCause) return;
    this.abortCause = cause;
    this.abortReason =
      cause === 'caller' && this.callerSignal
        ? this.callerSignal.reason
        : new DOMException('This operation was aborted', 'AbortError');
    clearTimeout(this.timer);
    const listener = this.listener;
    this.listener = undefined;
    listener?.();
  }
}

/** Resolves after `ms`, or rejects early when the signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

import { uuid } from './uuid';

export interface ServiceCycleOptions {
  defaultDelayMs: number;
  /** Inactivity delay of the route the user is on, if it has its own. */
  delayFor: () => number | undefined;
}

/**
 * One stretch of continuous use. It ends after a quiet period; the next activity, or a move to
 * another top-level route, opens a new one with a fresh id.
 */
export class ServiceCycle {
  private cycleId = uuid();
  private ended = false;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: ServiceCycleOptions) {
    this.arm();
  }

  get id(): string {
    return this.cycleId;
  }

  get active(): boolean {
    return !this.ended;
  }

  activity(): void {
    if (this.ended) this.restart();
    else this.arm();
  }

  restart(): void {
    this.cycleId = uuid();
    this.ended = false;
    this.arm();
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private arm(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.ended = true;
      this.timer = undefined;
    }, this.options.delayFor() ?? this.options.defaultDelayMs);
  }
}

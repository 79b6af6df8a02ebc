import type { AbortCause } from './errors';

/**
 * One abort signal for an upstream call that fires when the caller aborts or when nothing
 * arrived for `idleTimeoutMs`; `touch()` restarts the idle clock on every chunk.
 */
export class CallControl {
  readonly signal: AbortSignal;
  private readonly controller = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private abortCause: AbortCause | undefined;
  private readonly onCallerAbort = () => this.abort('caller');
  private paused = false;
  private readonly onIdle = () => {
    if (!this.paused) this.abort('idle');
  };

  constructor(
    private readonly callerSignal: AbortSignal | undefined,
    private readonly idleTimeoutMs: number,
  ) {
    this.signal = this.controller.signal;
    if (callerSignal?.aborted) this.abort('caller');
    else callerSignal?.addEventListener('abort', this.onCallerAbort, { once: true });
    this.touch();
  }

  get cause(): AbortCause | undefined {
    return this.abortCause;
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
    this.callerSignal?.removeEventListener('abort', this.onCallerAbort);
  }

  private abort(cause: AbortCause): void {
    if (this.abortCause) return;
    this.abortCause = cause;
    clearTimeout(this.timer);
    this.controller.abort();
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

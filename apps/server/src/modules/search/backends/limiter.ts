import { BackendError } from './types';

/** Runs at most `limit` tasks at once; the others wait their turn in order. */
export class Limiter {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    try {
      return await task();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }
}

export interface RetryOptions {
  retries: number;
  baseMs: number;
  signal: AbortSignal;
}

const MAX_WAIT_MS = 10_000;

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Retries a backend call on 429/5xx/network with exponential backoff (or its Retry-After), capped. */
export async function withRetries<T>(task: () => Promise<T>, opts: RetryOptions): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await task();
    } catch (error) {
      const retryable = error instanceof BackendError && error.retryable;
      if (!retryable || attempt >= opts.retries || opts.signal.aborted) throw error;
      const wait = Math.min(MAX_WAIT_MS, error.retryAfterMs ?? opts.baseMs * 2 ** attempt);
      await sleep(wait, opts.signal);
    }
  }
}

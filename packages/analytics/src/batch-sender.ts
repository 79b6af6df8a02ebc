import { analyticsConstants, analyticsLimits, type AnalyticsEvent } from '@portal/contract';
import { batchBody, KEEPALIVE_BUDGET_BYTES, packForKeepalive } from './keepalive-chunks';
import type { FetchLike } from './options';

export interface BatchSenderOptions {
  url: string;
  fetch: FetchLike;
  flushDelayMs: number;
  concurrency?: number;
  maxBatch?: number;
  maxQueue?: number;
  maxAttempts?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
}

interface Pending {
  event: AnalyticsEvent;
  attempts: number;
}

type Outcome = 'sent' | 'retry' | 'rejected';

/** Throttling, timeouts and server trouble are worth another try; other 4xx never get better. */
const outcomeOf = (status: number): Outcome =>
  status >= 200 && status < 300 ? 'sent' : status === 408 || status === 429 || status >= 500 ? 'retry' : 'rejected';

/**
 * Queues events and posts them in batches: at most `concurrency` requests at once, failed batches
 * back in front of the queue with the same event ids (the server drops ids it already has), and
 * a bounded queue that gives up the oldest events first.
 */
export class BatchSender {
  private queue: Pending[] = [];
  private inflight = 0;
  private keepaliveBytes = 0;
  private failures = 0;
  private pausedUntil = 0;
  private flushTimer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;
  private readonly concurrency: number;
  private readonly maxBatch: number;
  private readonly maxQueue: number;
  private readonly maxAttempts: number;
  private readonly backoffBaseMs: number;
  private readonly backoffMaxMs: number;

  constructor(private readonly options: BatchSenderOptions) {
    this.concurrency = options.concurrency ?? analyticsConstants.concurrency;
    this.maxBatch = Math.min(options.maxBatch ?? analyticsLimits.maxBatchEvents, analyticsLimits.maxBatchEvents);
    this.maxQueue = options.maxQueue ?? 1000;
    this.maxAttempts = options.maxAttempts ?? 6;
    this.backoffBaseMs = options.backoffBaseMs ?? 1000;
    this.backoffMaxMs = options.backoffMaxMs ?? 60_000;
  }

  get queued(): number {
    return this.queue.length;
  }

  get inFlight(): number {
    return this.inflight;
  }

  /** `deferred`: the caller sends right after (flushForExit), so a full queue must not go out without keepalive first. */
  enqueue(event: AnalyticsEvent, deferred = false): void {
    if (this.disposed) return;
    this.queue.push({ event, attempts: 0 });
    this.trim();
    if (deferred) return;
    if (this.queue.length >= this.maxBatch) this.pump(false);
    else this.scheduleFlush();
  }

  /** Sends everything queued now, within the concurrency cap. */
  flush(): void {
    this.clearFlushTimer();
    this.pump(true);
  }

  /**
   * For a page that may be going away: whatever fits the keepalive quota leaves at once, newest
   * first, regardless of the concurrency cap; the rest stays queued for an ordinary send.
   * `reserveBytes` keeps quota free for an event still to come (the final 103).
   */
  flushForExit(reserveBytes = 0): void {
    if (this.disposed || this.queue.length === 0) return;
    this.clearFlushTimer();
    const budget = KEEPALIVE_BUDGET_BYTES - this.keepaliveBytes - reserveBytes;
    const { chunks, rest } = packForKeepalive(this.queue, (p) => p.event, budget, this.maxBatch);
    this.queue = rest;
    for (const chunk of chunks) this.post(chunk.items, chunk.body, chunk.bytes);
    this.pump(true);
  }

  dispose(): void {
    this.disposed = true;
    this.clearFlushTimer();
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.queue = [];
  }

  private pump(drain: boolean): void {
    while (
      !this.disposed &&
      this.inflight < this.concurrency &&
      this.queue.length > 0 &&
      Date.now() >= this.pausedUntil &&
      (drain || this.queue.length >= this.maxBatch)
    ) {
      const batch = this.queue.splice(0, this.maxBatch);
      this.post(batch, batchBody(batch.map((p) => p.event)), 0);
    }
    if (this.queue.length > 0 && Date.now() >= this.pausedUntil) this.scheduleFlush();
  }

  private post(batch: Pending[], body: string, keepaliveBytes: number): void {
    this.inflight++;
    this.keepaliveBytes += keepaliveBytes;
    const init: RequestInit = {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      keepalive: keepaliveBytes > 0,
    };
    // Called synchronously: on pagehide a request started in a later task may never leave.
    let request: Promise<{ status: number }>;
    try {
      request = Promise.resolve(this.options.fetch(this.options.url, init));
    } catch (error) {
      request = Promise.reject(error);
    }
    request
      .then(
        (response) => outcomeOf(response?.status ?? 0),
        (): Outcome => 'retry',
      )
      .then((outcome) => {
        this.inflight--;
        this.keepaliveBytes -= keepaliveBytes;
        this.settle(batch, outcome);
      });
  }

  private settle(batch: Pending[], outcome: Outcome): void {
    if (this.disposed) return;
    if (outcome === 'retry') {
      const again = batch.filter((p) => ++p.attempts < this.maxAttempts);
      this.queue.unshift(...again);
      this.trim();
      this.failures++;
      this.pauseForBackoff();
      return;
    }
    this.failures = 0;
    if (this.queue.length >= this.maxBatch) this.pump(false);
    else if (this.queue.length > 0) this.scheduleFlush();
  }

  private pauseForBackoff(): void {
    const delay = Math.min(this.backoffBaseMs * 2 ** (this.failures - 1), this.backoffMaxMs);
    this.pausedUntil = Math.max(this.pausedUntil, Date.now() + delay);
    this.clearFlushTimer();
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.pump(true);
    }, this.pausedUntil - Date.now());
  }

  private trim(): void {
    if (this.queue.length > this.maxQueue) this.queue.splice(0, this.queue.length - this.maxQueue);
  }

  private scheduleFlush(): void {
    if (this.flushTimer !== undefined || this.retryTimer !== undefined) return;
    this.flushTimer = setTimeout(() => {
      this.flushTimer = undefined;
      this.pump(true);
    }, this.options.flushDelayMs);
  }

  private clearFlushTimer(): void {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
  }
}

import type { Redis } from 'ioredis';

/** Counters that expire; shared through Redis when the portal has it, else per process. */
export interface WindowCounter {
  /** Adds `by` to the counter `key` (created with `ttlMs`) and returns the new total. */
  add(key: string, by: number, ttlMs: number): Promise<number>;
}

export class MemoryCounter implements WindowCounter {
  private readonly counters = new Map<string, { value: number; expiresAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async add(key: string, by: number, ttlMs: number): Promise<number> {
    const at = this.now();
    if (this.counters.size > 1000) {
      for (const [k, c] of this.counters) if (c.expiresAt <= at) this.counters.delete(k);
    }
    const current = this.counters.get(key);
    const entry = current && current.expiresAt > at ? current : { value: 0, expiresAt: at + ttlMs };
    entry.value += by;
    this.counters.set(key, entry);
    return entry.value;
  }
}

/** INCRBY + PEXPIRE NX in one round trip; a Redis outage falls back to this process's counters. */
export class RedisCounter implements WindowCounter {
  private readonly fallback = new MemoryCounter();

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async add(key: string, by: number, ttlMs: number): Promise<number> {
    try {
      const results = await this.redis
        .multi()
        .incrby(this.prefix + key, by)
        .pexpire(this.prefix + key, ttlMs, 'NX')
        .exec();
      const total = results?.[0]?.[1];
      if (typeof total === 'number') return total;
    } catch {
      // fall through
    }
    return this.fallback.add(key, by, ttlMs);
  }
}

export interface BudgetSettings {
  rowsPerMinute: number;
  rowsPerDay: number;
  /** The part (0–1) of each budget that batches without a valid access token may use. */
  anonymousShare: number;
}

export type BudgetVerdict = 'ok' | 'budget_minute' | 'budget_day';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/**
 * The global ingest budget: however many clients send, at most so many rows are stored per
 * minute and per day (UTC windows), so analytics can never fill the disk or crowd out the API.
 * Anonymous batches draw on the same budget but only up to their share of it, so anonymous
 * addresses, which cost an attacker nothing, cannot crowd out the signed-in staff's events.
 */
export class IngestBudget {
  constructor(
    private readonly counter: WindowCounter,
    private readonly settings: BudgetSettings,
    private readonly now: () => number = Date.now,
  ) {}

  async reserve(rows: number, signedIn = true): Promise<BudgetVerdict> {
    const at = this.now();
    const minute = Math.floor(at / MINUTE_MS);
    const day = Math.floor(at / DAY_MS);
    const share = this.settings.anonymousShare;
    // Anonymous rows are counted against their share first: a refusal there leaves the whole
    // budget untouched for signed-in users.
    if (!signedIn) {
      const anonymousMinute = await this.counter.add(`budget:anon:m:${minute}`, rows, MINUTE_MS * 2);
      if (anonymousMinute > Math.floor(this.settings.rowsPerMinute * share)) return 'budget_minute';
      const anonymousDay = await this.counter.add(`budget:anon:d:${day}`, rows, DAY_MS * 2);
      if (anonymousDay > Math.floor(this.settings.rowsPerDay * share)) return 'budget_day';
    }
    if ((await this.counter.add(`budget:m:${minute}`, rows, MINUTE_MS * 2)) > this.settings.rowsPerMinute) {
      return 'budget_minute';
    }
    if ((await this.counter.add(`budget:d:${day}`, rows, DAY_MS * 2)) > this.settings.rowsPerDay) {
      return 'budget_day';
    }
    return 'ok';
  }

  /** Seconds until the current minute window ends. */
  retryAfterSeconds(): number {
    return Math.max(1, Math.ceil((MINUTE_MS - (this.now() % MINUTE_MS)) / 1000));
  }
}

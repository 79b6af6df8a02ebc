import type { Redis } from 'ioredis';

/** What is remembered of one account or address: wrong passwords and the end of its lock (ms). */
export interface AttemptRecord {
  failures: number;
  lockedUntil: number;
}

/** Records that expire; shared through Redis when the portal has it, else per process. */
export interface AttemptStore {
  get(keys: readonly string[]): Promise<AttemptRecord[]>;
  /** Counts one more wrong password; the record is kept `keepMs` from now. Returns the count. */
  addFailure(key: string, keepMs: number): Promise<number>;
  lock(key: string, until: number, keepMs: number): Promise<void>;
  clear(key: string): Promise<void>;
}

const EMPTY: AttemptRecord = { failures: 0, lockedUntil: 0 };

/** Bounds the map when many names or addresses are tried: expired records go first. */
const PRUNE_ABOVE = 10_000;

export class MemoryAttemptStore implements AttemptStore {
  private readonly records = new Map<string, AttemptRecord & { expiresAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async get(keys: readonly string[]): Promise<AttemptRecord[]> {
    return keys.map((key) => this.live(key) ?? EMPTY);
  }

  async addFailure(key: string, keepMs: number): Promise<number> {
    const record = this.upsert(key, keepMs);
    record.failures += 1;
    return record.failures;
  }

  async lock(key: string, until: number, keepMs: number): Promise<void> {
    this.upsert(key, keepMs).lockedUntil = until;
  }

  async clear(key: string): Promise<void> {
    this.records.delete(key);
  }

  private live(key: string) {
    const record = this.records.get(key);
    return record && record.expiresAt > this.now() ? record : undefined;
  }

  private upsert(key: string, keepMs: number) {
    const at = this.now();
    if (this.records.size > PRUNE_ABOVE) {
      for (const [k, r] of this.records) if (r.expiresAt <= at) this.records.delete(k);
    }
    const record = this.live(key) ?? { ...EMPTY, expiresAt: 0 };
    record.expiresAt = at + keepMs;
    this.records.set(key, record);
    return record;
  }
}

/**
 * One Redis hash per account or address (`f` failures, `u` locked until), expiring with the
 * record. A Redis outage falls back to this process's records rather than letting guesses through
 * unchecked or locking everyone out.
 */
export class RedisAttemptStore implements AttemptStore {
  private readonly fallback = new MemoryAttemptStore();

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async get(keys: readonly string[]): Promise<AttemptRecord[]> {
    try {
      const pipeline = this.redis.pipeline();
      for (const key of keys) pipeline.hmget(this.prefix + key, 'f', 'u');
      const results = await pipeline.exec();
      return keys.map((_key, i) => {
        const [error, fields] = results?.[i] ?? [new Error('no reply')];
        if (error) throw error;
        const [failures, until] = fields as (string | null)[];
        return { failures: Number(failures ?? 0), lockedUntil: Number(until ?? 0) };
      });
    } catch {
      return this.fallback.get(keys);
    }
  }

  async addFailure(key: string, keepMs: number): Promise<number> {
    try {
      const results = await this.redis
        .multi()
        .hincrby(this.prefix + key, 'f', 1)
        .pexpire(this.prefix + key, keepMs)
        .exec();
      const count = results?.[0]?.[1];
      if (typeof count === 'number') return count;
    } catch {
      // fall through
    }
    return this.fallback.addFailure(key, keepMs);
  }

  async lock(key: string, until: number, keepMs: number): Promise<void> {
    try {
      await this.redis
        .multi()
        .hset(this.prefix + key, 'u', String(until))
        .pexpire(this.prefix + key, keepMs)
        .exec();
    } catch {
      await this.fallback.lock(key, until, keepMs);
    }
  }

  async clear(key: string): Promise<void> {
    try {
      await this.redis.del(this.prefix + key);
    } catch {
      await this.fallback.clear(key);
    }
  }
}

import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { JobState } from '../../db/schema';
import { deadPids, type ProcessIdentity } from '../../lib/process-identity';
import { rows } from '../../lib/sql-rows';

export interface JobContext<T> {
  id: number;
  data: T;
  /** 1 on the first run. */
  attempt: number;
  /** Why the previous run ended, on a retry: its error, or DEAD_WORKER_ERROR when its process died. */
  lastError: string | null;
  /** Aborted when the job is cancelled or this process stops. */
  signal: AbortSignal;
  /** Stores a progress value anyone can read with `get(id)`. */
  progress(value: unknown): Promise<void>;
}

export type JobHandler<T> = (job: JobContext<T>) => Promise<unknown>;

export interface JobOptions {
  /** Jobs of this name run at once in this process. */
  concurrency?: number;
  /** Runs in all, the first included. */
  maxAttempts?: number;
  /** Wait before retry n is `backoffMs * 2^(n-1)`, capped at a minute. */
  backoffMs?: number;
}

export interface JobStatus {
  id: number;
  name: string;
  data: unknown;
  state: JobState;
  attempts: number;
  progress: unknown;
  result: unknown;
  lastError: string | null;
}

export interface JobQueueOptions {
  /** How often idle workers look for due jobs (a local send wakes them at once). */
  pollMs?: number;
  /** A worker that has not renewed its lease for this long is taken for dead. */
  leaseMs?: number;
  /** How often expired leases are swept. */
  sweepMs?: number;
  /**
   * The only job names this process takes (a service running apart from the portal, which leaves
   * the portal's jobs to the portal's replicas). Absent: every registered name.
   */
  takes?: readonly string[];
}

interface Registered {
  handler: JobHandler<unknown>;
  concurrency: number;
  maxAttempts: number;
  backoffMs: number;
  running: number;
}

interface Fetched {
  id: string;
  name: string;
  data: unknown;
  attempts: number;
  last_error: string | null;
}

const MAX_BACKOFF_MS = 60_000;
/** The error of a run whose process died under it (its lease ran out, or its pid is gone). */
export const DEAD_WORKER_ERROR = 'worker stopped';
/** Schedules are looked at this often (or at their own period when shorter). */
const SCHEDULE_TICK_MS = 60_000;

export interface SendOptions {
  maxAttempts?: number;
  delayMs?: number;
  /**
   * While a queued or active job holds this key, sending another with it queues nothing and
   * answers the existing job's id (a "sync now" pressed twice, or on two replicas, runs once).
   */
  singletonKey?: string;
  /**
   * With `singletonKey`: when the holder is already running, queue one more run behind it (under
   * the key plus `:rerun`, itself held once). For jobs that read their input when they start, such
   * as matching every note against a dictionary that has just changed again.
   */
  rerunIfActive?: boolean;
}

export interface Schedule {
  /** Names the schedule across replicas; one job per period and key in all. */
  key: string;
  name: string;
  data: unknown;
  everyMs: number;
}

/**
 * A job queue in the database, the same SQL on PGlite and PostgreSQL. Jobs survive restarts;
 * `FOR UPDATE SKIP LOCKED` hands each to one worker across replicas; a lease renewed while the
 * handler runs tells a live worker from a dead one, and a dead worker's jobs are retried with
 * backoff (or fail once their attempts are used up). Nothing is kept only in memory.
 */
export class JobQueue {
  private readonly handlers = new Map<string, Registered>();
  /** Attempts of every declared name, taken here or not: what `send` gives a job by default. */
  private readonly declaredAttempts = new Map<string, number>();
  private readonly takes: ReadonlySet<string> | null;
  private readonly active = new Map<number, AbortController>();
  private readonly finished = new Set<Promise<void>>();
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly sweepMs: number;
  private pollTimer?: NodeJS.Timeout;
  private renewTimer?: NodeJS.Timeout;
  private sweepTimer?: NodeJS.Timeout;
  private fetching = false;
  private again = false;
  private stopped = true;
  private readonly schedules = new Map<string, Schedule>();
  private scheduleTimer?: NodeJS.Timeout;

  constructor(
    private readonly db: Db,
    private readonly me: ProcessIdentity,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
    options: JobQueueOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 500;
    this.leaseMs = options.leaseMs ?? 15_000;
    this.sweepMs = options.sweepMs ?? 5_000;
    this.takes = options.takes ? new Set(options.takes) : null;
  }

  /**
   * Declares what runs jobs of `name` in this process. Register before `start()`. A name this
   * process does not take (`takes`) is only noted for `send`; another process runs its jobs.
   */
  register<T>(name: string, handler: JobHandler<T>, options: JobOptions = {}): void {
    this.declaredAttempts.set(name, options.maxAttempts ?? 3);
    if (!this.taken(name)) return;
    this.handlers.set(name, {
      handler: handler as JobHandler<unknown>,
      concurrency: options.concurrency ?? 4,
      maxAttempts: options.maxAttempts ?? 3,
      backoffMs: options.backoffMs ?? 1_000,
      running: 0,
    });
  }

  /** Queues a job; any replica that registered `name` may run it. */
  async send(name: string, data: unknown, options: SendOptions = {}, db: Db = this.db): Promise<number> {
    const maxAttempts = options.maxAttempts ?? this.declaredAttempts.get(name) ?? 3;
    const delay = options.delayMs ?? 0;
    const key = options.singletonKey ?? null;
    for (;;) {
      const [row] = await rows<{ id: string }>(
        db,
        sql`insert into jobs (name, data, max_attempts, run_at, singleton_key)
            values (${name}, ${JSON.stringify(data)}::jsonb, ${maxAttempts},
                    now() + ${delay} * interval '1 millisecond', ${key})
            on conflict (singleton_key) where singleton_key is not null and state in ('queued', 'active')
            do nothing
            returning id::text as id`,
      );
      if (row) {
        if (this.handlers.has(name)) this.wake();
        return Number(row.id);
      }
      const [holder] = await rows<{ id: string; state: JobState }>(
        db,
        sql`select id::text as id, state from jobs where singleton_key = ${key} and state in ('queued', 'active')`,
      );
      if (holder?.state === 'active' && options.rerunIfActive) {
        return this.send(name, data, { ...options, singletonKey: `${key}:rerun`, rerunIfActive: false }, db);
      }
      // The holder may have finished between the two statements; then the insert goes through.
      if (holder) return Number(holder.id);
    }
  }

  /**
   * Queues `name` once per period of `everyMs` (periods counted from the epoch) across every
   * replica that declares the same schedule. The first period a key is seen only starts the
   * count: the job runs at the next period boundary, not on every start. Declare before `start()`.
   */
  schedule(schedule: Schedule): void {
    // Queueing them is left to the processes that run them.
    if (this.taken(schedule.name)) this.schedules.set(schedule.key, schedule);
  }

  /** The job names this process runs. */
  names(): string[] {
    return [...this.handlers.keys()];
  }

  private taken(name: string): boolean {
    return this.takes === null || this.takes.has(name);
  }

  /** Queues the due scheduled jobs; returns the keys this process queued. Runs on a timer after `start()`. */
  async runSchedules(now = Date.now()): Promise<string[]> {
    const queued: string[] = [];
    for (const s of this.schedules.values()) {
      const slot = Math.floor(now / s.everyMs);
      const won = await this.db.transaction(async (tx) => {
        const db = tx as unknown as Db;
        const [row] = await rows<{ fresh: boolean }>(
          db,
          sql`insert into job_schedules (key, slot) values (${s.key}, ${slot})
              on conflict (key) do update set slot = excluded.slot, updated_at = now()
              where job_schedules.slot < excluded.slot
              returning (xmax = 0) as fresh`,
        );
        // No row: another replica already queued this period. A fresh row: the first sighting.
        if (!row || row.fresh) return false;
        await this.send(s.name, s.data, { singletonKey: s.key }, db);
        return true;
      });
      if (won) queued.push(s.key);
    }
    return queued;
  }

  /** Cancels a queued job at once; an active one is aborted at its worker's next lease renewal. */
  async cancel(id: number): Promise<void> {
    await this.db.execute(sql`update jobs set
        state = case when state = 'queued' then 'cancelled' else state end,
        cancel_requested = true, updated_at = now()
      where id = ${id} and state in ('queued', 'active')`);
    this.active.get(id)?.abort();
  }

  async get(id: number): Promise<JobStatus | undefined> {
    const [row] = await rows<{
      id: string;
      name: string;
      data: unknown;
      state: JobState;
      attempts: number;
      progress: unknown;
      result: unknown;
      last_error: string | null;
    }>(
      this.db,
      sql`select id::text as id, name, data, state, attempts::int as attempts, progress, result, last_error
          from jobs where id = ${id}`,
    );
    if (!row) return undefined;
    return {
      id: Number(row.id),
      name: row.name,
      data: row.data,
      state: row.state,
      attempts: row.attempts,
      progress: row.progress,
      result: row.result,
      lastError: row.last_error,
    };
  }

  async start(): Promise<void> {
    if (!this.stopped) return;
    this.stopped = false;
    await this.sweep();
    this.pollTimer = setInterval(() => this.wake(), this.pollMs);
    this.renewTimer = setInterval(() => void this.renew(), Math.max(100, Math.floor(this.leaseMs / 3)));
    this.sweepTimer = setInterval(() => void this.sweep(), this.sweepMs);
    for (const t of [this.pollTimer, this.renewTimer, this.sweepTimer]) t.unref();
    if (this.schedules.size > 0) {
      const tickMs = Math.min(SCHEDULE_TICK_MS, ...[...this.schedules.values()].map((s) => s.everyMs));
      this.scheduleTimer = setInterval(() => void this.tickSchedules(), tickMs);
      this.scheduleTimer.unref();
      void this.tickSchedules();
    }
    this.wake();
  }

  /** Stops taking jobs, aborts the running ones and waits until each has settled. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    clearInterval(this.pollTimer);
    clearInterval(this.renewTimer);
    clearInterval(this.sweepTimer);
    clearInterval(this.scheduleTimer);
    for (const controller of this.active.values()) controller.abort();
    await Promise.allSettled([...this.finished]);
  }

  private async tickSchedules(): Promise<void> {
    try {
      await this.runSchedules();
    } catch (error) {
      this.log.warn({ err: error }, 'queueing scheduled jobs failed');
    }
  }

  private wake(): void {
    if (this.stopped) return;
    if (this.fetching) {
      this.again = true;
      return;
    }
    this.fetching = true;
    void this.fetch()
      .catch((error: unknown) => this.log.warn({ err: error }, 'job fetch failed'))
      .finally(() => {
        this.fetching = false;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  /**
   * Takes due jobs for every registered name with free slots in one statement, each name up to
   * its free slots. One statement per poll rather than one per name: PGlite has one connection, so
   * while a statement runs every other waits, and a poll every half second per name would keep
   * delaying requests.
   */
  private async fetch(): Promise<void> {
    if (this.stopped) return;
    const wanted = [...this.handlers]
      .map(([name, reg]) => ({ name, free: reg.concurrency - reg.running }))
      .filter((w) => w.free > 0);
    if (wanted.length === 0) return;
    // Most polls find nothing due. This check costs about a quarter of the taking statement on
    // PGlite, where every other statement (and so any request's) waits while it runs.
    const [due] = await rows<{ due: boolean }>(
      this.db,
      sql`select exists (select 1 from jobs where state = 'queued' and run_at <= now()) as due`,
    );
    if (!due?.due) return;
    const taken = await rows<Fetched>(
      this.db,
      sql`update jobs set state = 'active', attempts = attempts + 1, locked_by = ${this.me.id},
            locked_host = ${this.me.host}, locked_pid = ${this.me.pid},
            lease_until = now() + ${this.leaseMs} * interval '1 millisecond', updated_at = now()
          where id in (
            select due.id from jsonb_to_recordset(${JSON.stringify(wanted)}::jsonb) as wanted(name text, free int)
            cross join lateral (
              select id from jobs
              where state = 'queued' and name = wanted.name and run_at <= now()
              order by run_at, id
              for update skip locked
              limit wanted.free) due)
          returning id::text as id, name, data, attempts::int as attempts, last_error`,
    );
    const takenOf = new Map<string, number>();
    for (const job of taken) {
      const reg = this.handlers.get(job.name);
      if (!reg) continue;
      takenOf.set(job.name, (takenOf.get(job.name) ?? 0) + 1);
      this.run(reg, job);
    }
    // A full batch of some name may mean more of it are waiting.
    if (wanted.some((w) => takenOf.get(w.name) === w.free)) this.again = true;
  }

  private run(reg: Registered, job: Fetched): void {
    const id = Number(job.id);
    const controller = new AbortController();
    this.active.set(id, controller);
    reg.running++;
    const done = (async () => {
      try {
        const result = await reg.handler({
          id,
          data: job.data,
          attempt: job.attempts,
          lastError: job.last_error,
          signal: controller.signal,
          progress: async (value) => {
            await this.db.execute(
              sql`update jobs set progress = ${JSON.stringify(value ?? null)}::jsonb, updated_at = now()
                  where id = ${id} and locked_by = ${this.me.id}`,
            );
          },
        });
        await this.db.execute(
          sql`update jobs set state = case when cancel_requested then 'cancelled' else 'done' end,
                result = ${JSON.stringify(result ?? null)}::jsonb, lease_until = null, updated_at = now()
              where id = ${id} and locked_by = ${this.me.id} and state = 'active'`,
        );
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const backoff = Math.min(MAX_BACKOFF_MS, reg.backoffMs * 2 ** Math.max(0, job.attempts - 1));
        await this.db
          .execute(
            sql`update jobs set
                  state = case when cancel_requested then 'cancelled'
                               when attempts >= max_attempts then 'failed' else 'queued' end,
                  run_at = now() + ${backoff} * interval '1 millisecond',
                  last_error = ${message.slice(0, 2000)}, locked_by = null, lease_until = null, updated_at = now()
                where id = ${id} and locked_by = ${this.me.id} and state = 'active'`,
          )
          .catch((e: unknown) => this.log.error({ err: e }, 'recording a job failure failed'));
      } finally {
        reg.running--;
        this.active.delete(id);
        this.wake();
      }
    })();
    this.finished.add(done);
    void done.finally(() => this.finished.delete(done));
  }

  /** Extends the leases of this process's running jobs and aborts the ones cancelled meanwhile. */
  private async renew(): Promise<void> {
    const ids = [...this.active.keys()];
    if (ids.length === 0) return;
    try {
      const renewed = await rows<{ id: string; cancel_requested: boolean }>(
        this.db,
        sql`update jobs set lease_until = now() + ${this.leaseMs} * interval '1 millisecond'
            where id in (${sql.join(
              ids.map((i) => sql`${i}`),
              sql`, `,
            )}) and locked_by = ${this.me.id} and state = 'active'
            returning id::text as id, cancel_requested`,
      );
      for (const row of renewed) if (row.cancel_requested) this.active.get(Number(row.id))?.abort();
    } catch (error) {
      this.log.warn({ err: error }, 'renewing job leases failed');
    }
  }

  /**
   * Jobs whose worker is gone go back to the queue (with backoff) or fail when their attempts are
   * used up: leases that ran out anywhere, and at once those of dead pids on this host.
   */
  async sweep(): Promise<void> {
    try {
      const local = await rows<{ pid: number }>(
        this.db,
        sql`select distinct locked_pid::int as pid from jobs
            where state = 'active' and locked_host = ${this.me.host} and locked_by <> ${this.me.id}`,
      );
      const dead = deadPids(local.map((r) => r.pid));
      const deadClause =
        dead.length > 0
          ? sql` or (locked_host = ${this.me.host} and locked_pid in (${sql.join(
              dead.map((p) => sql`${p}`),
              sql`, `,
            )}))`
          : sql``;
      await this.db.execute(
        sql`update jobs set
              state = case when cancel_requested then 'cancelled'
                           when attempts >= max_attempts then 'failed' else 'queued' end,
              run_at = now() + least(60000, 1000 * power(2, greatest(attempts - 1, 0))) * interval '1 millisecond',
              last_error = ${DEAD_WORKER_ERROR}, locked_by = null, lease_until = null, updated_at = now()
            where state = 'active' and locked_by <> ${this.me.id} and (lease_until < now()${deadClause})`,
      );
    } catch (error) {
      this.log.warn({ err: error }, 'sweeping job leases failed');
    }
  }
}

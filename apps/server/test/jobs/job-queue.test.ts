import { spawn } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db, type DbHandle } from '../../src/db/client';
import { processIdentity } from '../../src/lib/process-identity';
import { JobQueue } from '../../src/services/jobs';
import { eventually } from '../chat/helpers';
import { buildTestApp, type TestApp } from '../helper';

let t: TestApp;
let second: DbHandle | undefined;
/** The second worker's database: its own connection pool on PostgreSQL, the same PGlite otherwise. */
let secondDb: Db;
const quiet = { warn: () => undefined, error: () => undefined };
const queues: JobQueue[] = [];

function queue(db: Db, options: { leaseMs?: number } = {}): JobQueue {
  const q = new JobQueue(db, processIdentity(), quiet, { pollMs: 50, sweepMs: 200, ...options });
  queues.push(q);
  return q;
}

beforeAll(async () => {
  t = await buildTestApp();
  if (t.database.kind === 'postgres') {
    second = await openDatabase(t.database);
    secondDb = second.db;
  } else {
    secondDb = t.app.db;
  }
});
afterAll(async () => {
  for (const q of queues) await q.stop();
  await second?.close();
  await t?.close();
});

/** A pid that ran on this host and has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  const pid = child.pid!;
  await new Promise((r) => child.once('exit', r));
  return pid;
}

describe('job queue', () => {
  it('two workers on one database process each of 1,000 jobs exactly once', async () => {
    const runs = new Map<number, number>();
    const byWorker = [0, 0];
    const workers = [queue(t.app.db), queue(secondDb)];
    workers.forEach((w, i) =>
      w.register<{ n: number }>(
        'count',
        async (job) => {
          runs.set(job.data.n, (runs.get(job.data.n) ?? 0) + 1);
          byWorker[i]!++;
        },
        { concurrency: 8 },
      ),
    );
    const values = Array.from({ length: 1000 }, (_, n) => sql`('count', ${JSON.stringify({ n })}::jsonb)`);
    await t.app.db.execute(sql`insert into jobs (name, data) values ${sql.join(values, sql`, `)}`);
    await Promise.all(workers.map((w) => w.start()));
    await eventually(async () => runs.size === 1000, 120_000);
    await eventually(async () => {
      const res = (await t.app.db.execute(
        sql`select count(*)::int as n from jobs where name = 'count' and state = 'done'`,
      )) as unknown as { rows: { n: number }[] };
      return res.rows[0]!.n === 1000;
    }, 30_000);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    expect(byWorker[0]! + byWorker[1]!).toBe(1000);
    expect(byWorker[0]).toBeGreaterThan(0);
    expect(byWorker[1]).toBeGreaterThan(0);
    await Promise.all(workers.map((w) => w.stop()));
  }, 180_000);

  it('retries a job whose worker was killed: at once for a dead pid on this host, after its lease elsewhere', async () => {
    const me = processIdentity();
    const pid = await deadPid();
    const rows = (await t.app.db
      .execute(sql`insert into jobs (name, data, state, attempts, locked_by, locked_host, locked_pid, lease_until)
        values ('orphan', '{"k":"dead-pid"}'::jsonb, 'active', 1, ${`${me.host}:${pid}:x`}, ${me.host}, ${pid}, now() + interval '1 hour'),
               ('orphan', '{"k":"expired"}'::jsonb, 'active', 1, 'elsewhere:1:x', 'elsewhere', 1, now() - interval '1 second')
        returning id::int as id`)) as unknown as { rows: { id: number }[] };
    const ran: string[] = [];
    const worker = queue(t.app.db);
    worker.register<{ k: string }>('orphan', async (job) => {
      ran.push(`${job.data.k}#${job.attempt}`);
    });
    await worker.start();
    await eventually(async () => ran.length === 2, 30_000);
    expect(ran.sort()).toEqual(['dead-pid#2', 'expired#2']);
    // The handler has returned; its job is marked done right after.
    for (const { id } of rows.rows) await eventually(async () => (await worker.get(id))?.state === 'done', 10_000);
    await worker.stop();
  });

  it('retries a failing job with backoff, keeps its progress, and fails it once its attempts are used up', async () => {
    const worker = queue(t.app.db);
    let calls = 0;
    worker.register<{ ok: boolean }>(
      'flaky',
      async (job) => {
        calls++;
        await job.progress({ step: job.attempt });
        if (!job.data.ok || job.attempt < 2) throw new Error(`attempt ${job.attempt} failed`);
        return { fine: true };
      },
      { maxAttempts: 2, backoffMs: 100 },
    );
    await worker.start();
    const good = await worker.send('flaky', { ok: true });
    const bad = await worker.send('flaky', { ok: false });
    await eventually(async () => (await worker.get(good))?.state === 'done', 30_000);
    await eventually(async () => (await worker.get(bad))?.state === 'failed', 30_000);
    expect(await worker.get(good)).toMatchObject({ attempts: 2, progress: { step: 2 }, result: { fine: true } });
    expect(await worker.get(bad)).toMatchObject({ attempts: 2, lastError: 'attempt 2 failed' });
    expect(calls).toBe(4);
    await worker.stop();
  });

  it('cancels a queued job before it runs and aborts a running one', async () => {
    const worker = queue(t.app.db, { leaseMs: 1_000 });
    const started: number[] = [];
    worker.register<{ n: number }>(
      'slow',
      async (job) => {
        started.push(job.data.n);
        await new Promise<void>((resolve, reject) => {
          job.signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
          setTimeout(resolve, 60_000).unref();
        });
      },
      { concurrency: 1 },
    );
    const running = await worker.send('slow', { n: 1 });
    const queued = await worker.send('slow', { n: 2 }, { delayMs: 60_000 });
    await worker.start();
    await eventually(async () => started.includes(1), 30_000);
    await worker.cancel(queued);
    // Cancelled through the database, as another replica would: the worker sees it at its next renewal.
    await t.app.db.execute(sql`update jobs set cancel_requested = true where id = ${running}`);
    await eventually(async () => (await worker.get(running))?.state === 'cancelled', 30_000);
    expect((await worker.get(queued))?.state).toBe('cancelled');
    expect(started).toEqual([1]);
    await worker.stop();
  });

  it('takes jobs of several names in one poll, each name up to its own concurrency', async () => {
    const worker = queue(t.app.db);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const running = { wide: 0, narrow: 0 };
    const most = { wide: 0, narrow: 0 };
    const done: string[] = [];
    for (const [name, concurrency] of [
      ['wide', 2],
      ['narrow', 1],
    ] as const) {
      worker.register<{ n: number }>(
        name,
        async (job) => {
          running[name]++;
          most[name] = Math.max(most[name], running[name]);
          await gate;
          running[name]--;
          done.push(`${name}${job.data.n}`);
        },
        { concurrency },
      );
    }
    for (const n of [1, 2, 3]) {
      await worker.send('wide', { n });
      await worker.send('narrow', { n });
    }
    await worker.start();
    // Both names start, each only as many as it may run at once, while the rest stay queued.
    await eventually(async () => running.wide === 2 && running.narrow === 1, 30_000);
    const states = (await t.app.db.execute(
      sql`select name, state, count(*)::int as n from jobs where name in ('wide', 'narrow') group by 1, 2 order by 1, 2`,
    )) as unknown as { rows: { name: string; state: string; n: number }[] };
    expect(states.rows).toEqual([
      { name: 'narrow', state: 'active', n: 1 },
      { name: 'narrow', state: 'queued', n: 2 },
      { name: 'wide', state: 'active', n: 2 },
      { name: 'wide', state: 'queued', n: 1 },
    ]);
    release();
    await eventually(async () => done.length === 6, 30_000);
    expect(most).toEqual({ wide: 2, narrow: 1 });
    await worker.stop();
  });

  it('keeps one queued or active job per singleton key, on either worker, and a new one once it ended', async () => {
    const workers = [queue(t.app.db), queue(secondDb)];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const ran: number[] = [];
    workers[0]!.register<{ n: number }>('single', async (job) => {
      ran.push(job.data.n);
      await gate;
    });
    const ids = await Promise.all(
      [1, 2, 3, 4].map((n) => workers[n % 2]!.send('single', { n }, { singletonKey: 'single:a' })),
    );
    expect(new Set(ids).size).toBe(1);
    const other = await workers[1]!.send('single', { n: 9 }, { singletonKey: 'single:b' });
    expect(other).not.toBe(ids[0]);
    await workers[0]!.start();
    await eventually(async () => (await workers[0]!.get(ids[0]!))?.state === 'active', 30_000);
    // Still held while it runs.
    expect(await workers[1]!.send('single', { n: 5 }, { singletonKey: 'single:a' })).toBe(ids[0]);
    release();
    await eventually(async () => (await workers[0]!.get(ids[0]!))?.state === 'done', 30_000);
    const after = await workers[1]!.send('single', { n: 6 }, { singletonKey: 'single:a' });
    expect(after).not.toBe(ids[0]);
    await eventually(async () => (await workers[0]!.get(after))?.state === 'done', 30_000);
    expect(ran.filter((n) => n !== 9)).toHaveLength(2);
    await workers[0]!.stop();
  });

  it('queues one more run behind a running holder when asked to, so a change made meanwhile is not lost', async () => {
    const worker = queue(t.app.db);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const ran: number[] = [];
    worker.register<{ n: number }>(
      'rerun',
      async (job) => {
        ran.push(job.data.n);
        if (job.data.n === 1) await gate;
      },
      { concurrency: 1 },
    );
    const first = await worker.send('rerun', { n: 1 }, { singletonKey: 'rerun:a', rerunIfActive: true });
    // Still queued: joined, as without the option.
    expect(await worker.send('rerun', { n: 0 }, { singletonKey: 'rerun:a', rerunIfActive: true })).toBe(first);
    await worker.start();
    await eventually(async () => (await worker.get(first))?.state === 'active', 30_000);
    const again = await worker.send('rerun', { n: 2 }, { singletonKey: 'rerun:a', rerunIfActive: true });
    expect(again).not.toBe(first);
    // The follow-up is itself held once.
    expect(await worker.send('rerun', { n: 3 }, { singletonKey: 'rerun:a', rerunIfActive: true })).toBe(again);
    release();
    await eventually(async () => (await worker.get(again))?.state === 'done', 30_000);
    expect(ran).toEqual([1, 2]);
    await worker.stop();
  });
});

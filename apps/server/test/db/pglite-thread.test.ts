import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import type { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { PortalPglite } from '../../src/db/pglite-engine';
import { compilePgliteWasm } from '../../src/db/pglite-settings';
import { PgliteThread } from '../../src/db/pglite-thread';
import { rows } from '../../src/lib/sql-rows';

/** Loading tsx and the engine in a fresh worker takes a while on a busy 2-core machine. */
const SLOW = 60_000;

let thread: PgliteThread;
let db: ReturnType<typeof drizzle>;
beforeAll(async () => {
  thread = new PgliteThread('memory://', compilePgliteWasm());
  await thread.ready;
  db = drizzle(thread as unknown as PGlite);
  await db.execute(sql`create table t (id serial primary key, name text unique not null, at timestamptz,
    n bigint, doc jsonb, bytes bytea, tags text[])`);
}, SLOW);
afterAll(() => thread?.close());

const count = async () => Number((await db.execute<{ n: string }>(sql`select count(*)::text as n from t`)).rows[0]!.n);

describe('the embedded database on its own thread', () => {
  it(
    'gives drizzle the values an engine on this thread gives, for the same statements',
    async () => {
      const here = new PortalPglite();
      try {
        const statements = [
          sql`create table v (at timestamptz, n bigint, doc jsonb, bytes bytea, tags text[], dates timestamptz[], x numeric)`,
          sql`insert into v values (${'2026-01-02T03:04:05.678Z'}, ${'9007199254740993'}, ${JSON.stringify({ 问: '答 🙂' })}::jsonb,
          ${new Uint8Array([0, 1, 255])}, array[${'a'}, ${'引号"'}], array[now()], 1.50)`,
        ];
        const read = sql`select at, n, doc, bytes, tags, x, array_length(dates, 1) as dates from v`;
        const results = [];
        for (const engine of [
          drizzle(here),
          drizzle(new PgliteThread('memory://', compilePgliteWasm()) as unknown as PGlite),
        ]) {
          for (const statement of statements) await engine.execute(statement);
          results.push((await engine.execute(read)).rows);
          await (engine.$client as unknown as { close(): Promise<void> }).close();
        }
        expect(results[1]).toEqual(results[0]);
        expect(results[0]![0]).toMatchObject({
          at: '2026-01-02 03:04:05.678+00',
          tags: ['a', '引号"'],
          doc: { 问: '答 🙂' },
        });
      } finally {
        await here.close().catch(() => undefined);
      }
    },
    SLOW,
  );

  it('passes a database error over with its code, and goes on working', async () => {
    await db.execute(sql`insert into t (name) values ('twice')`);
    const error = await db.execute(sql`insert into t (name) values ('twice')`).then(
      () => undefined,
      (e: unknown) => e as Error & { cause?: { code?: string; message: string } },
    );
    // drizzle wraps the engine's error; the engine's own fields cross the thread with it.
    const engineError = (error?.cause ?? error) as { code?: string; message: string };
    expect(engineError.code).toBe('23505');
    expect(engineError.message).toMatch(/duplicate key/);
    await expect(db.execute(sql`select 1 as one`)).resolves.toMatchObject({ rows: [{ one: 1 }] });
  });

  it('commits a transaction, rolls back one that throws, and a savepoint inside it', async () => {
    const before = await count();
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into t (name) values ('kept')`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into t (name) values ('inner')`);
          throw new Error('inner fails');
        })
        .catch(() => undefined);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into t (name) values ('lost')`);
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    const names = (await db.execute<{ name: string }>(sql`select name from t where name in ('kept', 'inner', 'lost')`))
      .rows;
    expect(names.map((r) => r.name)).toEqual(['kept']);
    expect(await count()).toBe(before + 1);
  });

  it('holds a statement sent outside an open transaction until the transaction ends', async () => {
    const order: string[] = [];
    let outside: Promise<number> | undefined;
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into t (name) values ('in transaction')`);
      outside = count().then((n) => {
        order.push('outside');
        return n;
      });
      // Long enough for the outside statement to have run, had it not been held.
      await tx.execute(sql`select pg_sleep(0.2)`);
      order.push('transaction');
    });
    const seen = await outside!;
    expect(order).toEqual(['transaction', 'outside']);
    expect(seen).toBe(await count());
  });

  it('delivers notifications to a listener until it stops listening', async () => {
    const heard: string[] = [];
    const stop = await thread.listen('changes', (payload) => heard.push(payload));
    await db.execute(sql`select pg_notify('changes', 'first')`);
    await stop();
    await db.execute(sql`select pg_notify('changes', 'second')`);
    await db.execute(sql`select 1`);
    expect(heard).toEqual(['first']);
  });

  it(
    'fails what waits on a thread that died, and everything sent after',
    async () => {
      const doomed = new PgliteThread('memory://', compilePgliteWasm());
      await doomed.ready;
      const waiting = doomed.query('select pg_sleep(5)');
      await (doomed as unknown as { worker: Worker }).worker.terminate();
      await expect(waiting).rejects.toThrow(/thread stopped/);
      expect((await doomed.died).message).toMatch(/thread stopped/);
      await expect(doomed.query('select 1')).rejects.toThrow(/thread stopped/);
    },
    SLOW,
  );
});

describe('the server’s database in a data folder', () => {
  it('runs on its own thread, migrated, keeps its rows across a restart and hears notifications', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-thread-'));
    try {
      const first = await openDatabase({ kind: 'pglite', dataDir });
      const heard: string[] = [];
      await first.changes.listen('test_channel', { onMessage: (p) => heard.push(p), onLost() {}, onResumed() {} });
      await first.db.execute(sql`create table kept (v text)`);
      await first.db.execute(sql`insert into kept values ('数据')`);
      await first.db.execute(sql`select pg_notify('test_channel', 'hello')`);
      expect(heard).toEqual(['hello']);
      expect((first.db as unknown as { $client: unknown }).$client).toBeInstanceOf(PgliteThread);
      await first.close();
      // Closed on purpose: that is no death the server would stop for.
      const outcome = await Promise.race([
        first.died!.then(() => 'died'),
        new Promise((resolve) => setTimeout(() => resolve('closed'), 200)),
      ]);
      expect(outcome).toBe('closed');

      const second = await openDatabase({ kind: 'pglite', dataDir });
      expect(await rows<{ v: string }>(second.db, sql`select v from kept`)).toEqual([{ v: '数据' }]);
      // Migrated: the schema's tables are there.
      await expect(second.db.execute(sql`select count(*) from users`)).resolves.toBeDefined();
      await second.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});

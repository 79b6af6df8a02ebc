import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PortalPglite } from '../../src/db/pglite-engine';

let engine: PortalPglite;
beforeAll(async () => {
  engine = new PortalPglite();
  await engine.waitReady;
  await engine.exec(`create table t (id serial primary key, at timestamptz not null, tags text[] not null)`);
  await engine.exec(`insert into t (at, tags) values ('2026-01-02T03:04:05.678Z', '{a,b}')`);
});
afterAll(() => engine?.close());

const rowsOf = async (db: ReturnType<typeof drizzle>) =>
  (await db.execute<{ at: string; tags: string[]; dates: string }>(sql`select at, tags, array[at] as dates from t`))
    .rows;

describe('PortalPglite', () => {
  it('gives drizzle the same values as a plain PGlite given drizzle’s parsers with each query', async () => {
    const plain = new PGlite();
    try {
      await plain.exec(`create table t (id serial primary key, at timestamptz not null, tags text[] not null)`);
      await plain.exec(`insert into t (at, tags) values ('2026-01-02T03:04:05.678Z', '{a,b}')`);
      const expected = await rowsOf(drizzle(plain));
      expect(await rowsOf(drizzle(engine))).toEqual(expected);
      // Timestamps and arrays of them stay text for drizzle to map; other arrays are parsed.
      expect(expected[0]).toMatchObject({ tags: ['a', 'b'] });
      expect(typeof expected[0]!.at).toBe('string');
      expect(typeof expected[0]!.dates).toBe('string');
    } finally {
      await plain.close();
    }
  });

  it('hands PGlite no per-query parsers, inside transactions too', async () => {
    const given: unknown[] = [];
    const query = PGlite.prototype.query;
    vi.spyOn(PGlite.prototype, 'query').mockImplementation(function (this: PGlite, q, params, options) {
      given.push(options);
      return query.call(this, q, params, options);
    });
    // What a transaction's statements are given, seen from PGlite's side of the transaction.
    const transaction = PGlite.prototype.transaction;
    vi.spyOn(PGlite.prototype, 'transaction').mockImplementation(function (this: PGlite, callback) {
      return transaction.call(this, (tx) =>
        callback(
          Object.create(tx, {
            query: { value: (q: string, p?: unknown[], o?: unknown) => (given.push(o), tx.query(q, p, o as never)) },
          }),
        ),
      );
    });
    const db = drizzle(engine);
    await db.execute(sql`select 1`);
    await db.transaction(async (tx) => {
      await tx.execute(sql`update t set tags = tags`);
    });
    vi.restoreAllMocks();
    expect(given).toHaveLength(2);
    for (const options of given) {
      expect(options).toMatchObject({ rowMode: 'object' });
      expect(options).not.toHaveProperty('parsers');
    }
    const [row] = await rowsOf(db);
    expect(row!.tags).toEqual(['a', 'b']);
  });
});

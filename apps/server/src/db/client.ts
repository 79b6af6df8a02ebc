import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { acquireDataDirLock } from './data-dir-lock';
import * as schema from './schema';

/** One type for both drivers: services never know which engine runs underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export type DbTarget = { kind: 'pglite'; dataDir?: string } | { kind: 'postgres'; url: string };

export const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** Opens the database and applies every pending migration before anything else touches it. */
export async function openDatabase(target: DbTarget): Promise<DbHandle> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // An idle client that the server drops (restart, failover, admin command) emits 'error' on the
    // pool; unheard, that would end the process. The pool replaces it on the next checkout, and a
    // real outage still surfaces as an error on the query that meets it.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder });
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  let client: PGlite;
  let release = () => undefined as void;
  if (target.dataDir) {
    const dir = join(target.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    // Before the files are opened: a second process must not even read them.
    release = acquireDataDirLock(target.dataDir).release;
    client = new PGlite(dir);
  } else {
    client = new PGlite();
  }
  try {
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder });
    const close = async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    };
    return { db: db as unknown as Db, kind: 'pglite', close };
  } catch (err) {
    await client.close().catch(() => undefined);
    release();
    throw err;
  }
}

import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { serverRoot } from '../config/paths';
import { migrationsCurrent } from './migrations-current';
import { compilePgliteWasm, pgliteOptions } from './pglite-settings';
import { startEmbeddedThread, type EmbeddedThread } from './embedded-thread';
import * as schema from './schema';
import type { ChangeFeed, ChangeHandlers } from './change-feed';
import { listenOnPostgres } from './postgres-listener';
import { PgliteThread } from './pglite-thread';

/** Either engine of the embedded database: on its own thread, or on this one. */
type PgliteClient = Pick<PGlite, 'close' | 'listen'> | PgliteThread;

/** One type for both drivers: services never know which engine runs underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  changes: ChangeFeed;
  /** Resolves when the embedded database's thread dies: nothing will answer from then on. */
  died?: Promise<Error>;
  close(): Promise<void>;
}

export type DbTarget =
  | {
      kind: 'pglite';
      dataDir?: string;
      /**
       * In memory only: start from this data directory (a tarball from PGlite's `dumpDataDir`)
       * instead of an empty one. The tests start each file's database from one migrated copy:
       * creating and migrating an empty one took 3–4 s of CPU, starting from the copy under 1 s.
       */
      startFrom?: Blob;
    }
  | { kind: 'postgres'; url: string };

export const migrationsFolder = join(serverRoot, 'drizzle');

/**
 * Opens the database and applies every pending migration before anything else touches it. An
 * embedded database on a data folder may have had its thread started already (`embedded`).
 */
export async function openDatabase(target: DbTarget, embedded?: EmbeddedThread): Promise<DbHandle> {
  // Each engine's driver loads only when used: the other one is never needed by this process.
  if (target.kind === 'postgres') {
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // An idle client that the server drops (restart, failover, admin command) emits 'error' on the
    // pool; unheard, that would end the process. The pool replaces it on the next checkout, and a
    // real outage still surfaces as an error on the query that meets it.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema });
    if (!(await migrationsCurrent(db, migrationsFolder))) await migratePg(db, { migrationsFolder });
    const changes: ChangeFeed = { listen: (channel, handlers) => listenOnPostgres(pg, target.url, channel, handlers) };
    return { db: db as unknown as Db, kind: 'postgres', changes, close: () => pool.end() };
  }
  const compiling = compilePgliteWasm();
  // On a data folder the thread starts first (or was started by main.ts): the drizzle modules
  // below load while the engine starts.
  const started = target.dataDir ? (embedded ?? startEmbeddedThread(target.dataDir)) : undefined;
  const [{ drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  let client: PgliteClient;
  let release = () => undefined as void;
  if (started) {
    const { thread } = started;
    client = thread;
    release = started.release;
    try {
      await thread.ready;
    } catch (err) {
      await thread.close().catch(() => undefined);
      release();
      throw err;
    }
  } else {
    // In memory (tests): on this thread, where a test can reach the engine itself.
    const [{ PortalPglite }, { vector }] = await Promise.all([
      import('./pglite-engine'),
      import('@electric-sql/pglite-pgvector'),
    ]);
    client = new PortalPglite({
      ...pgliteOptions(PortalPglite.defaultStartParams),
      // pgvector (some 50 KB) is only offered: it loads when vector retrieval creates the extension.
      extensions: { vector },
      pgliteWasmModule: await compiling,
      ...(target.startFrom && { loadDataDir: target.startFrom }),
    });
  }
  try {
    // drizzle's PGlite driver calls `query` and `transaction` only, which the thread's client has.
    const db = drizzlePglite(client as PGlite, { schema });
    if (!(await migrationsCurrent(db, migrationsFolder))) await migratePglite(db, { migrationsFolder });
    const close = async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    };
    // In process: nothing can be lost between the engine and its only listener.
    const changes: ChangeFeed = {
      listen: async (channel: string, handlers: ChangeHandlers) => client.listen(channel, handlers.onMessage),
    };
    const died = client instanceof PgliteThread ? client.died : undefined;
    return { db: db as unknown as Db, kind: 'pglite', changes, close, ...(died ? { died } : {}) };
  } catch (err) {
    await client.close().catch(() => undefined);
    release();
    throw err;
  }
}

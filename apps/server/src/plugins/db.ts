import fp from 'fastify-plugin';
import type { ChangeFeed } from '../db/change-feed';
import { openDatabase, type Db, type DbHandle, type DbTarget } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /** The database's LISTEN/NOTIFY, for caches that must hear other replicas' changes. */
    dbChanges: ChangeFeed;
    /**
     * The engine. 'pglite' also means this process is the only one on its data (the data folder is
     * locked), so what it remembers of the data cannot be changed behind its back by a replica.
     */
    dbKind: DbHandle['kind'];
  }
}

/** Opens the database (PGlite or PostgreSQL), migrates it, and closes it with the server. */
export default fp<{ target: DbTarget; opening?: Promise<DbHandle> }>(
  async (app, opts) => {
    const handle = await (opts.opening ?? openDatabase(opts.target));
    app.decorate('db', handle.db);
    app.decorate('dbChanges', handle.changes);
    app.decorate('dbKind', handle.kind);
    app.addHook('onClose', () => handle.close());
    // A server whose database is gone answers every request with an error: it stops instead, its
    // data folder unlocked, for the service manager to start it again.
    void handle.died?.then((error) => {
      app.log.fatal({ err: error }, 'the embedded database stopped; the server stops');
      process.exit(1);
    });
  },
  { name: 'db', fastify: '5.x' },
);

import { createServer, connect, type Socket } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';
import type { DbTarget } from '../src/db/client';
import type { BuildTestAppOptions, TestApp } from './helper';

/**
 * A database the test can take away from a running app, as an outage would: PostgreSQL through a
 * TCP proxy that `cut` closes (open connections end, new ones are refused); in-memory PGlite closed.
 */
export interface CuttableDatabase {
  /** Pass to buildTestApp. */
  options: Pick<BuildTestAppOptions, 'databaseVia'>;
  cut(t: TestApp): Promise<void>;
}

export function cuttableDatabase(): CuttableDatabase {
  const sockets = new Set<Socket>();
  const server = createServer();
  return {
    options: {
      async databaseVia(target: DbTarget): Promise<DbTarget> {
        if (target.kind !== 'postgres') return target;
        const upstream = new URL(target.url);
        server.on('connection', (client) => {
          const db = connect(Number(upstream.port || 5432), upstream.hostname);
          for (const socket of [client, db]) {
            sockets.add(socket);
            socket.on('close', () => sockets.delete(socket));
            socket.on('error', () => undefined);
          }
          client.pipe(db).pipe(client);
        });
        await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
        const address = server.address();
        const proxied = new URL(target.url);
        proxied.hostname = '127.0.0.1';
        proxied.port = String(typeof address === 'object' && address ? address.port : 0);
        return { kind: 'postgres', url: proxied.toString() };
      },
    },
    async cut(t: TestApp): Promise<void> {
      if (t.database.kind === 'pglite') {
        await (t.app.db as unknown as { $client: PGlite }).$client.close();
        return;
      }
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

import type pgModule from 'pg';
import type { ChangeHandlers } from './change-feed';

const RECONNECT_MS = 1000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries). When it
 * breaks, the listener is told at once — messages may be missed from then on — and a new
 * connection is tried every second; `onResumed` follows the first LISTEN that succeeds again.
 */
export async function listenOnPostgres(
  pg: typeof pgModule,
  url: string,
  channel: string,
  handlers: ChangeHandlers,
): Promise<() => Promise<void>> {
  let client: pgModule.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const quoted = `"${channel.replace(/"/g, '""')}"`;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.onMessage(message.payload ?? '');
    });
    let lost = false;
    const onBroken = () => {
      if (lost || stopped) return;
      lost = true;
      handlers.onLost();
      void next.end().catch(() => undefined);
      retry = setTimeout(() => void reconnect(), RECONNECT_MS);
    };
    next.on('error', onBroken);
    next.on('end', onBroken);
    try {
      await next.connect();
      await next.query(`LISTEN ${quoted}`);
    } catch (error) {
      lost = true; // the caller retries; this connection must not schedule a retry of its own
      await next.end().catch(() => undefined);
      throw error;
    }
    client = next;
  };

  const reconnect = async () => {
    if (stopped) return;
    try {
      await connect();
      handlers.onResumed();
    } catch {
      retry = setTimeout(() => void reconnect(), RECONNECT_MS);
    }
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}

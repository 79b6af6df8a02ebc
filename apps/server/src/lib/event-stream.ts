import type { ServerResponse } from 'node:http';
import { REQUEST_ID_HEADER } from '@portal/contract';

/** Comment line that keeps idle proxies from closing a stream while a model thinks. */
const KEEP_ALIVE = ': keep-alive\n\n';
const KEEP_ALIVE_MS = 15_000;

/**
 * One event. The payload is JSON on a single `data:` line: JSON.stringify escapes CR and LF, so
 * no answer text can end the event early or forge another one.
 */
export function formatEvent(name: string, data: unknown): string {
  // An event name is ours, never user input; a line break in it would forge a field.
  if (!/^[A-Za-z0-9_.-]+$/.test(name)) throw new Error(`invalid event name ${JSON.stringify(name)}`);
  return `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * A hand-written event stream on the raw response: no compression, no buffering, flushed per
 * event. `Events` maps each event name to its payload, so a transport names its own events.
 */
export class EventStream<Events extends Record<string, unknown> = Record<string, unknown>> {
  private readonly keepAlive: NodeJS.Timeout;

  constructor(
    private readonly res: ServerResponse,
    requestId: string,
  ) {
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
      connection: 'keep-alive',
      [REQUEST_ID_HEADER]: requestId,
    });
    res.flushHeaders();
    this.keepAlive = setInterval(() => this.write(KEEP_ALIVE), KEEP_ALIVE_MS);
    this.keepAlive.unref();
  }

  get open(): boolean {
    return !this.res.writableEnded && !this.res.destroyed;
  }

  send<K extends keyof Events & string>(name: K, data: Events[K]): void {
    this.write(formatEvent(name, data));
  }

  end(): void {
    clearInterval(this.keepAlive);
    if (this.open) this.res.end();
  }

  private write(text: string): void {
    if (this.open) this.res.write(text);
  }
}

/**
 * Aborts when the client goes away before the stream has ended (also when it had gone already,
 * e.g. while the question was being stored), so generation stops and the answer is kept as aborted.
 */
export function clientLeftSignal(res: ServerResponse): AbortSignal {
  const left = new AbortController();
  res.on('close', () => {
    if (!res.writableEnded) left.abort();
  });
  if (res.destroyed) left.abort();
  return left.signal;
}

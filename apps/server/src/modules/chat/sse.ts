import type { ServerResponse } from 'node:http';
import { REQUEST_ID_HEADER, type ChatStreamEventName } from '@portal/contract';

/** Comment line that keeps idle proxies from closing a stream while a model thinks. */
const KEEP_ALIVE = ': keep-alive\n\n';
const KEEP_ALIVE_MS = 15_000;

/**
 * One event. The payload is JSON on a single `data:` line: JSON.stringify escapes CR and LF, so
 * no answer text can end the event early or forge another one.
 */
export function formatEvent(name: ChatStreamEventName, data: unknown): string {
  return `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** A hand-written event stream on the raw response: no compression, no buffering, flushed per event. */
export class EventStream {
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

  send(name: ChatStreamEventName, data: unknown): void {
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

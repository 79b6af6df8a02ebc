import type { ServerResponse } from 'node:http';
import { REQUEST_ID_HEADER } from '@portal/contract';

/** Comment line that keeps idle proxies from closing a stream while a model thinks. */
const KEEP_ALIVE = ': keep-alive\n\n';
/** A stream silent for this many ticks gets a keep-alive: after 15 to 20 seconds of silence. */
const KEEP_ALIVE_TICK_MS = 5_000;
const KEEP_ALIVE_TICKS = 3;

/**
 * The open streams and one timer for all their keep-alives: a timer per stream would cost each
 * open answer its own Timeout. Ticks are counted rather than timestamps taken, so a stream
 * remembers its last write as a small integer.
 */
const openStreams = new Set<EventStream<never>>();
let keepAliveTimer: NodeJS.Timeout | undefined;
let tick = 0;

function sendKeepAlives(): void {
  tick++;
  for (const stream of openStreams) stream.keepAliveIfSilent();
}

function track(stream: EventStream<never>): void {
  openStreams.add(stream);
  if (keepAliveTimer) return;
  keepAliveTimer = setInterval(sendKeepAlives, KEEP_ALIVE_TICK_MS);
  keepAliveTimer.unref();
}

function untrack(stream: EventStream<never>): void {
  if (!openStreams.delete(stream) || openStreams.size > 0) return;
  clearInterval(keepAliveTimer);
  keepAliveTimer = undefined;
}

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
  private lastWriteTick = tick;

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
    track(this);
  }

  get open(): boolean {
    return !this.res.writableEnded && !this.res.destroyed;
  }

  send<K extends keyof Events & string>(name: K, data: Events[K]): void {
    this.write(formatEvent(name, data));
  }

  end(): void {
    untrack(this);
    if (this.open) this.res.end();
  }

  /** Called by the shared timer on every tick. */
  keepAliveIfSilent(): void {
    if (tick - this.lastWriteTick >= KEEP_ALIVE_TICKS) this.write(KEEP_ALIVE);
  }

  private write(text: string): void {
    this.lastWriteTick = tick;
    if (this.open) this.res.write(text);
  }
}

/**
 * Calls `left` when the client goes away before the stream has ended (also at once when it had
 * gone already, e.g. while the question was being stored), so generation stops and the answer
 * is kept as aborted. Pass it as the answer runner's `stopWhen`.
 */
export function onClientLeft(res: ServerResponse, left: () => void): void {
  res.on('close', () => {
    if (!res.writableEnded) left();
  });
  if (res.destroyed) left();
}

/** An AbortSignal that aborts when the client goes away, for work that takes a signal. */
export function clientLeftSignal(res: ServerResponse): AbortSignal {
  const left = new AbortController();
  onClientLeft(res, () => left.abort());
  return left.signal;
}

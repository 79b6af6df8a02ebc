import type { ServerResponse } from 'node:http';
import { ErrorCode, httpStatusOf, REQUEST_ID_HEADER, type ErrorCodeValue } from '@portal/contract';

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

/** The payload of a stream's `error` event: what the user is told, and the catalogue's code. */
export interface StreamFailure {
  message: string;
  code?: number;
}

/**
 * A hand-written event stream on the raw response: no compression, no buffering, flushed per
 * event. `Events` maps each event name to its payload, so a transport names its own events.
 *
 * The status line and headers leave with the first event (or keep-alive), not when the stream is
 * made: in the same write, so the first token is not delayed, and until then a failure can still
 * answer as a plain JSON error with its HTTP status (`fail`), which load balancers, logs and the
 * browser's fetch all read as a failed request rather than a 200.
 */
export class EventStream<Events extends Record<string, unknown> = Record<string, unknown>> {
  private lastWriteTick = tick;
  private headersSent = false;
  /** Events that leave with the next write (sendWithNext). */
  private held = '';

  constructor(
    private readonly res: ServerResponse,
    private readonly requestId: string,
  ) {
    track(this);
  }

  get open(): boolean {
    return !this.res.writableEnded && !this.res.destroyed;
  }

  /** Something was sent already: the reply is an event stream with status 200. */
  get started(): boolean {
    return this.headersSent;
  }

  send<K extends keyof Events & string>(name: K, data: Events[K]): void {
    this.write(formatEvent(name, data));
  }

  /**
   * An event that leaves in front of the next one rather than at once: what the server knew before
   * the model answered (the sources it found) waits for the model's first token, so that a model
   * failing before it can still be answered as a JSON error (`fail`), where the event is moot.
   */
  sendWithNext<K extends keyof Events & string>(name: K, data: Events[K]): void {
    this.held += formatEvent(name, data);
  }

  /**
   * Ends the stream with its `error` event; while nothing was sent, as a JSON envelope instead,
   * with the code's HTTP status (429 for a busy provider, 502 for a failing one). The rest of the
   * event's payload (the ids of the stored question's conversation and answer) becomes `data`.
   */
  fail<K extends keyof Events & 'error'>(event: Events[K] & StreamFailure): void {
    if (this.headersSent || !this.open) {
      this.send('error', event);
      return;
    }
    const { code = ErrorCode.upstream, message, ...data } = event;
    const body = JSON.stringify({ code, message, data });
    this.headersSent = true;
    this.res.writeHead(httpStatusOf[code as ErrorCodeValue] ?? httpStatusOf[ErrorCode.upstream], {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      [REQUEST_ID_HEADER]: this.requestId,
    });
    this.res.end(body);
  }

  end(): void {
    untrack(this);
    if (!this.open) return;
    // A stream that ends without a single event (stopped before its first token) is still one.
    if (!this.headersSent) this.writeHead();
    this.res.end(this.takeHeld());
  }

  /** Called by the shared timer on every tick. */
  keepAliveIfSilent(): void {
    if (tick - this.lastWriteTick >= KEEP_ALIVE_TICKS) this.write(KEEP_ALIVE);
  }

  private writeHead(): void {
    this.headersSent = true;
    this.res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
      connection: 'keep-alive',
      [REQUEST_ID_HEADER]: this.requestId,
    });
  }

  private write(text: string): void {
    this.lastWriteTick = tick;
    if (!this.open) return;
    // Node sends the headers with this first chunk, in one packet.
    if (!this.headersSent) this.writeHead();
    this.res.write(this.takeHeld() + text);
  }

  private takeHeld(): string {
    const held = this.held;
    this.held = '';
    return held;
  }
}

/**
 * Calls `left` when the client goes away before the stream has ended (also at once when it had
 * gone already), for work that is only worth doing while someone reads it (suggestions). Answers
 * do not use it: they outlive their client (services/answers/stream-transport.ts).
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

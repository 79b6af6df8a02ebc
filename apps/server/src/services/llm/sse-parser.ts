const LF = 0x0a;
const CR = 0x0d;
const COLON = 0x3a;

/** One server-sent event: its `data` lines joined by "\n", and its `event` name if it had one. */
export interface SseEvent {
  data: string;
  event: string | undefined;
}

/**
 * A push-style parser for `text/event-stream` bytes: feed it chunks as they arrive and it calls
 * `onEvent` for every complete event. Lines are cut on the bytes (LF, CR or CRLF, also when a
 * CRLF is split between chunks) and only whole lines are decoded, so a UTF-8 character split
 * across chunks is never decoded in halves. Comments (`:` lines) and `id`/`retry` fields are
 * ignored; an event still open when the stream ends is dropped, as the SSE standard says.
 */
export class SseParser {
  /** Bytes of a line whose end has not arrived yet (a copy, so no socket buffer is kept alive). */
  private partial: Buffer | undefined;
  /** The previous chunk ended with CR: a LF opening the next one belongs to the same line end. */
  private afterCr = false;
  private data: string | undefined;
  private event: string | undefined;

  constructor(private readonly onEvent: (event: SseEvent) => void) {}

  push(chunk: Buffer): void {
    let start = 0;
    if (this.afterCr && chunk.length > 0) {
      this.afterCr = false;
      if (chunk[0] === LF) start = 1;
    }
    let nextCr = chunk.indexOf(CR, start);
    let nextLf = chunk.indexOf(LF, start);
    while (nextCr !== -1 || nextLf !== -1) {
      const end = nextCr === -1 ? nextLf : nextLf === -1 ? nextCr : Math.min(nextCr, nextLf);
      this.line(chunk, start, end);
      start = end + 1;
      if (end === nextCr) {
        if (start === chunk.length) this.afterCr = true;
        else if (chunk[start] === LF) start++;
      }
      if (nextCr !== -1 && nextCr < start) nextCr = chunk.indexOf(CR, start);
      if (nextLf !== -1 && nextLf < start) nextLf = chunk.indexOf(LF, start);
    }
    if (start < chunk.length) {
      const rest = chunk.subarray(start);
      this.partial = this.partial ? Buffer.concat([this.partial, rest]) : Buffer.from(rest);
    }
  }

  /** Handles the line chunk[start, end), prefixed by whatever partial line came before it. */
  private line(chunk: Buffer, start: number, end: number): void {
    let bytes = chunk.subarray(start, end);
    if (this.partial) {
      bytes = Buffer.concat([this.partial, bytes]);
      this.partial = undefined;
    }
    if (bytes.length === 0) return this.dispatch();
    if (bytes[0] === COLON) return;
    const colon = bytes.indexOf(COLON);
    const field = colon === -1 ? bytes.toString('latin1') : bytes.toString('latin1', 0, colon);
    let valueStart = colon === -1 ? bytes.length : colon + 1;
    if (bytes[valueStart] === 0x20) valueStart++;
    if (field === 'data') {
      const value = bytes.toString('utf8', valueStart);
      this.data = this.data === undefined ? value : `${this.data}\n${value}`;
    } else if (field === 'event') {
      this.event = bytes.toString('utf8', valueStart);
    }
  }

  private dispatch(): void {
    const { data, event } = this;
    this.data = undefined;
    this.event = undefined;
    // An event without data lines is not dispatched (SSE standard).
    if (data !== undefined) this.onEvent({ data, event });
  }
}

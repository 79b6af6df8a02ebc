import type { IncomingMessage } from 'node:http';
import type { CallControl } from './call-control';
import { ProviderResponseError, ProviderStreamBrokenError, providerErrorText } from './provider-errors';
import { SseParser, type SseEvent } from './sse-parser';

/** Parsed events waiting for the consumer before the socket is paused (TCP then holds the rest). */
const HIGH_WATER = 32;
const LOW_WATER = 8;

/**
 * Reads the JSON events of an OpenAI-style `text/event-stream` response as the socket delivers
 * them: the consumer takes what is queued with `shift()` and `wait()`s for more. Ends at the end
 * of the body; `[DONE]` only stops the parsing (the body ends right after it, and reading it to
 * the end returns the connection to the pool). An `{ "error": … }` event, a body that is not
 * JSON or a connection that closes early fail the stream after what came before it was taken.
 *
 * Any byte that arrives while the consumer waits restarts the idle clock, keep-alive comments
 * included: DeepSeek sends them while a request waits in its queue.
 */
export class EventStreamReader<T> {
  private readonly queue: T[] = [];
  private readonly parser = new SseParser((event) => this.onEvent(event));
  private waiter: (() => void) | undefined;
  private failure: unknown;
  private sawDone = false;
  private ended = false;

  constructor(
    private readonly response: IncomingMessage,
    private readonly control: CallControl,
  ) {
    response.on('data', (chunk: Buffer) => this.onData(chunk));
    response.once('end', () => this.finish());
    response.on('error', (error) => this.fail(new ProviderStreamBrokenError({ cause: error })));
    response.once('close', () => {
      if (!this.ended) this.fail(new ProviderStreamBrokenError());
    });
  }

  /** True once the body ended and every event was taken. */
  get done(): boolean {
    return this.ended && this.queue.length === 0;
  }

  /** The next queued event, if any; throws the stream's failure once everything before it was taken. */
  shift(): T | undefined {
    const item = this.queue.shift();
    if (item === undefined) {
      if (this.failure !== undefined) throw this.failure;
      return undefined;
    }
    if (this.queue.length === LOW_WATER && this.response.isPaused()) this.response.resume();
    return item;
  }

  /** Resolves when an event was queued, the body ended or the stream failed. */
  wait(): Promise<void> {
    if (this.queue.length > 0 || this.ended || this.failure !== undefined) return Promise.resolve();
    return new Promise((resolve) => {
      this.waiter = resolve;
    });
  }

  /** Stops reading; a body not read to its end closes its connection rather than going back to the pool. */
  close(): void {
    if (!this.ended) this.response.destroy();
  }

  private onData(chunk: Buffer): void {
    if (this.waiter) this.control.touch();
    if (this.sawDone || this.failure !== undefined) return;
    this.parser.push(chunk);
    if (this.queue.length >= HIGH_WATER) this.response.pause();
    this.wake();
  }

  private onEvent({ data }: SseEvent): void {
    if (this.sawDone || this.failure !== undefined) return;
    if (data.startsWith('[DONE]')) {
      this.sawDone = true;
      return;
    }
    let payload: unknown;
    try {
      payload = JSON.parse(data);
    } catch (error) {
      return this.fail(error);
    }
    const error = (payload as { error?: unknown } | null)?.error;
    if (error) {
      return this.fail(
        new ProviderResponseError(providerErrorText(payload) ?? 'error event', undefined, undefined, payload),
      );
    }
    this.queue.push(payload as T);
  }

  private finish(): void {
    this.ended = true;
    this.wake();
  }

  private fail(error: unknown): void {
    if (this.failure !== undefined || this.ended) return;
    this.failure = error;
    this.ended = true;
    this.response.destroy();
    this.wake();
  }

  private wake(): void {
    const waiter = this.waiter;
    this.waiter = undefined;
    waiter?.();
  }
}

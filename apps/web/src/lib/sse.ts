import { fetchEventSource, type EventSourceMessage } from '@microsoft/fetch-event-source';
import { ErrorCode, ErrorMessage, STREAM_RETRY_DELAY_MS } from '@portal/contract';
import { recordStreamError } from './debug-log';

export { createThrottledUpdater, framesApart, type ThrottledUpdater } from './throttled-updater';

const EVENT_STREAM = 'text/event-stream';

/**
 * - http: non-OK reply before streaming; content-type: OK reply that is not an event stream;
 * - event: the server sent an `error` event; stream: the connection broke or closed unfinished.
 */
export type SseErrorKind = 'http' | 'content-type' | 'event' | 'stream';

export class SseError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly kind: SseErrorKind,
    readonly httpStatus?: number,
  ) {
    super(message);
    this.name = 'SseError';
  }
}

export interface StreamSseOptions<TMessage, TFinish> {
  url: string;
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** A partial answer (event `message`). */
  onMessage?: (data: TMessage) => void;
  /** The complete answer (event `finish`). */
  onFinish?: (data: TFinish) => void;
  onError?: (error: SseError) => void;
  onAbort?: () => void;
  fetch?: typeof fetch;
  retryDelayMs?: number;
}

function parseData(data: string): unknown {
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return data;
  }
}

function envelopeOf(value: unknown): { code?: number; message?: string } {
  if (typeof value !== 'object' || value === null) return {};
  const { code, message } = value as { code?: unknown; message?: unknown };
  return {
    code: typeof code === 'number' ? code : undefined,
    message: typeof message === 'string' && message.trim() ? message : undefined,
  };
}

async function errorFromResponse(response: Response): Promise<SseError> {
  const kind: SseErrorKind = response.ok ? 'content-type' : 'http';
  const text = await response.text().catch(() => '');
  const parsed = parseData(text);
  if (typeof parsed === 'object' && parsed !== null) {
    const { code, message } = envelopeOf(parsed);
    const failureCode = code !== undefined && code !== ErrorCode.ok ? code : ErrorCode.internal;
    return new SseError(failureCode, message ?? ErrorMessage.streamTimeout, kind, response.status);
  }
  // A plain-string reply counts as code 1099 (section 8); markup pages are not worth showing.
  const plain = text.trim();
  const readable = plain && !plain.startsWith('<') && plain.length <= 200;
  return new SseError(ErrorCode.plainString, readable ? plain : ErrorMessage.streamTimeout, kind, response.status);
}

function isEventStream(response: Response): boolean {
  return (response.headers.get('content-type') ?? '').toLowerCase().startsWith(EVENT_STREAM);
}

const streamFailure = () => new SseError(ErrorCode.upstream, ErrorMessage.streamTimeout, 'stream');

/** Internal signal that the stream ended on purpose (finish or error event). */
class StreamEnded extends Error {}

/**
 * POST + JSON body + `text/event-stream` reply. Exactly one of onFinish, onError, onAbort is
 * called. A connection that fails before any event is retried once; nothing else is retried,
 * because the server has already stored the question and a partial answer by then.
 */
export async function streamSse<TMessage = unknown, TFinish = unknown>(
  options: StreamSseOptions<TMessage, TFinish>,
): Promise<void> {
  const { url, body, headers, signal, onMessage, onFinish, onError, onAbort } = options;
  const retryDelayMs = options.retryDelayMs ?? STREAM_RETRY_DELAY_MS;
  const internal = new AbortController();
  let done = false;
  let eventsSeen = false;
  let retried = false;

  const settle = (fn: () => void) => {
    if (done) return;
    done = true;
    internal.abort();
    fn();
  };
  const fail = (error: SseError) =>
    settle(() => {
      recordStreamError({ url, message: error.message, code: error.code });
      onError?.(error);
    });
  const abort = () => settle(() => onAbort?.());

  if (signal?.aborted) {
    abort();
    return;
  }
  signal?.addEventListener('abort', abort, { once: true });

  const onEvent = (event: EventSourceMessage) => {
    if (done) return;
    eventsSeen = true;
    const data = parseData(event.data);
    switch (event.event || 'message') {
      case 'message':
        onMessage?.(data as TMessage);
        return;
      case 'finish':
        settle(() => onFinish?.(data as TFinish));
        throw new StreamEnded();
      case 'error': {
        const { code, message } = envelopeOf(data);
        fail(new SseError(code ?? ErrorCode.upstream, message ?? ErrorMessage.streamTimeout, 'event'));
        throw new StreamEnded();
      }
    }
  };

  try {
    await fetchEventSource(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: EVENT_STREAM, ...headers },
      body: JSON.stringify(body ?? {}),
      signal: internal.signal,
      // The library would otherwise drop and re-send the request whenever the tab is hidden.
      openWhenHidden: true,
      fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
      async onopen(response) {
        if (!response.ok || !isEventStream(response)) throw await errorFromResponse(response);
      },
      onmessage: onEvent,
      onclose() {
        if (!done) throw streamFailure();
      },
      onerror(error: unknown) {
        if (done || error instanceof StreamEnded) throw error;
        if (error instanceof SseError && error.kind !== 'stream') throw error;
        if (!eventsSeen && !retried) {
          retried = true;
          return retryDelayMs;
        }
        throw error;
      },
    });
  } catch (error) {
    if (!(error instanceof StreamEnded)) fail(error instanceof SseError ? error : streamFailure());
  } finally {
    signal?.removeEventListener('abort', abort);
  }
}

import { ErrorMessage, STREAM_RETRY_DELAY_MS } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STREAM_ERRORS_KEY, readStreamErrors, recordStreamError } from '../../src/lib/debug-log';
import { SseError, streamSse, type StreamSseOptions } from '../../src/lib/sse';

const URL_ = '/api/chatgpt/message/askStream';
const encoder = new TextEncoder();

function eventStream(chunks: string[], { keepOpen = false } = {}) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      for (const chunk of chunks) c.enqueue(encoder.encode(chunk));
      if (!keepOpen) c.close();
    },
  });
  const response = new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
  return {
    response,
    push: (chunk: string) => controller.enqueue(encoder.encode(chunk)),
    close: () => controller.close(),
  };
}

const event = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

function recorder() {
  const log: string[] = [];
  const callbacks = {
    onMessage: vi.fn((data: unknown) => log.push(`message:${JSON.stringify(data)}`)),
    onFinish: vi.fn((data: unknown) => log.push(`finish:${JSON.stringify(data)}`)),
    onError: vi.fn((error: SseError) => log.push(`error:${error.message}`)),
    onAbort: vi.fn(() => log.push('abort')),
  };
  return { log, callbacks };
}

function run(fetchImpl: typeof fetch, extra: Partial<StreamSseOptions<unknown, unknown>> = {}) {
  const { log, callbacks } = recorder();
  const done = streamSse({ url: URL_, body: { q: 'hi' }, fetch: fetchImpl, retryDelayMs: 0, ...callbacks, ...extra });
  return { log, callbacks, done };
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.useRealTimers());

describe('streamSse', () => {
  it('posts JSON and delivers message, message, finish in order', async () => {
    const fetchImpl = vi.fn<typeof fetch>(
      async () =>
        eventStream([
          event('message', { text: 'He' }),
          event('message', { text: 'Hello' }).slice(0, 10),
          event('message', { text: 'Hello' }).slice(10),
          event('finish', { text: 'Hello!', id: 7 }),
        ]).response,
    );
    const { log, callbacks, done } = run(fetchImpl, { headers: { authorization: 'Bearer t' } });
    await done;
    expect(log).toEqual(['message:{"text":"He"}', 'message:{"text":"Hello"}', 'finish:{"text":"Hello!","id":7}']);
    expect(callbacks.onError).not.toHaveBeenCalled();
    const [input, init] = fetchImpl.mock.calls[0]!;
    expect(input).toBe(URL_);
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"q":"hi"}');
    expect(init?.headers).toMatchObject({
      'content-type': 'application/json',
      accept: 'text/event-stream',
      authorization: 'Bearer t',
    });
  });

  it('treats data-only events as messages and stops at an error event', async () => {
    const fetchImpl = vi.fn<typeof fetch>(
      async () =>
        eventStream([
          `data: ${JSON.stringify({ text: 'A' })}\n\n`,
          event('error', { message: '模型服务暂时不可用' }),
          event('message', { text: 'late' }),
        ]).response,
    );
    const { log, callbacks, done } = run(fetchImpl);
    await done;
    expect(log).toEqual(['message:{"text":"A"}', 'error:模型服务暂时不可用']);
    expect(callbacks.onError.mock.calls[0]![0]).toMatchObject({ kind: 'event' });
    expect(callbacks.onFinish).not.toHaveBeenCalled();
  });

  it('turns a reply that is not an event stream into an SseError before streaming', async () => {
    const fetchImpl = vi.fn<typeof fetch>(
      async () => new Response('<html>gateway</html>', { status: 200, headers: { 'content-type': 'text/html' } }),
    );
    const { callbacks, done } = run(fetchImpl);
    await done;
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(callbacks.onMessage).not.toHaveBeenCalled();
    const error = callbacks.onError.mock.calls[0]![0];
    expect(error).toBeInstanceOf(SseError);
    expect(error).toMatchObject({ kind: 'content-type', httpStatus: 200, message: ErrorMessage.streamTimeout });
  });

  it('carries the code and message of a JSON error envelope', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () =>
      Response.json({ code: 1001, message: '登录凭证已过期', data: null }, { status: 401 }),
    );
    const { callbacks, done } = run(fetchImpl);
    await done;
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(callbacks.onError.mock.calls[0]![0]).toMatchObject({
      code: 1001,
      message: '登录凭证已过期',
      kind: 'http',
      httpStatus: 401,
    });
  });

  it('reads an envelope sent with status 200 as an error too', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () =>
      Response.json({ code: 4030, message: '本模块使用次数已用完，请稍后再试', data: null }),
    );
    const { callbacks, done } = run(fetchImpl);
    await done;
    expect(callbacks.onError.mock.calls[0]![0]).toMatchObject({ code: 4030, kind: 'content-type' });
  });

  it('reports an abort through onAbort only', async () => {
    const stream = eventStream([event('message', { text: 'A' })], { keepOpen: true });
    const fetchImpl = vi.fn<typeof fetch>(async () => stream.response);
    const controller = new AbortController();
    const { log, callbacks, done } = run(fetchImpl, { signal: controller.signal });
    await vi.waitFor(() => expect(callbacks.onMessage).toHaveBeenCalledTimes(1));
    controller.abort();
    stream.push(event('message', { text: 'AB' }));
    stream.close();
    await done;
    expect(log).toEqual(['message:{"text":"A"}', 'abort']);
    expect(callbacks.onError).not.toHaveBeenCalled();
    expect(readStreamErrors()).toEqual([]);
  });

  it('does not even connect when already aborted', async () => {
    const fetchImpl = vi.fn<typeof fetch>();
    const controller = new AbortController();
    controller.abort();
    const { log, done } = run(fetchImpl, { signal: controller.signal });
    await done;
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(log).toEqual(['abort']);
  });

  it('reports a failure without a message as the timeout text and stores it under the debug key', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    const { callbacks, done } = run(fetchImpl);
    await done;
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    expect(callbacks.onError).toHaveBeenCalledTimes(1);
    expect(callbacks.onError.mock.calls[0]![0]).toMatchObject({
      message: '抱歉，回复超时，请重新提问',
      kind: 'stream',
    });
    const stored = JSON.parse(localStorage.getItem(STREAM_ERRORS_KEY) ?? '[]') as Array<Record<string, unknown>>;
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ url: URL_, message: '抱歉，回复超时，请重新提问' });
    expect(Number.isNaN(Date.parse(String(stored[0]!.time)))).toBe(false);
  });

  it('retries once, after STREAM_RETRY_DELAY_MS, a connection that failed before any event', async () => {
    vi.useFakeTimers();
    const fetchImpl = vi
      .fn<typeof fetch>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockImplementation(async () => eventStream([event('finish', { text: 'ok' })]).response);
    const { log, done } = run(fetchImpl, { retryDelayMs: undefined });
    await vi.advanceTimersByTimeAsync(STREAM_RETRY_DELAY_MS - 1);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    expect(log).toEqual(['finish:{"text":"ok"}']);
  });

  it('does not retry once events have arrived; an unfinished stream is a timeout', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => eventStream([event('message', { text: 'partial' })]).response);
    const { log, done } = run(fetchImpl);
    await done;
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(log).toEqual(['message:{"text":"partial"}', `error:${ErrorMessage.streamTimeout}`]);
  });

  it('does not retry an HTTP error', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => new Response('Bad Gateway', { status: 502 }));
    const { callbacks, done } = run(fetchImpl);
    await done;
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(callbacks.onError.mock.calls[0]![0]).toMatchObject({ code: 1099, message: 'Bad Gateway', httpStatus: 502 });
  });
});

describe('stream error debug log', () => {
  it('keeps the last 20 entries', () => {
    for (let i = 0; i < 25; i++) recordStreamError({ url: `/u/${i}`, message: `m${i}` });
    const entries = readStreamErrors();
    expect(entries).toHaveLength(20);
    expect(entries[0]).toMatchObject({ url: '/u/5', message: 'm5' });
    expect(entries[19]).toMatchObject({ url: '/u/24', message: 'm24' });
  });

  it('survives corrupt storage', () => {
    localStorage.setItem(STREAM_ERRORS_KEY, '{not json');
    recordStreamError({ url: '/u', message: 'm' });
    expect(readStreamErrors()).toHaveLength(1);
  });
});

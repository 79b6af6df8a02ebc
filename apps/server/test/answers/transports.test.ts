import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorCode, type MessageStatus } from '@portal/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AnswerRegistry } from '../../src/services/answers/answer-registry';
import type { AnswerOutcome } from '../../src/services/answers';
import { runAnswerJob } from '../../src/services/answers/job-transport';
import { stopAnswer, type StoppableStore } from '../../src/services/answers/stop-answer';
import { streamAnswer } from '../../src/services/answers/stream-transport';
import { followAnswer } from '../../src/services/answers/follow-transport';
import type { StopReason } from '../../src/services/answers/types';
import type { GenerationLeases } from '../../src/services/answers/generation-leases';
import { LlmError } from '../../src/services/llm';

const state = { content: 'partial', reasoning: '' };
const noLog = () => ({ error: vi.fn(), warn: vi.fn(), info: vi.fn() });

/** A generation registered as the runner does it, which ends when something stops it. */
function stoppableRun(registry: AnswerRegistry, messageId: string): Promise<AnswerOutcome> {
  return new Promise((resolve) => {
    let done!: () => void;
    registry.add(messageId, {
      stop: (reason: StopReason) => {
        resolve({ status: reason === 'client' ? 'aborted' : 'incomplete', state, stopReason: reason });
        done();
      },
      done: new Promise<void>((r) => (done = r)),
      state,
    });
  });
}

describe('job transport', () => {
  it('stops and saves its answer as the process shuts down, without logging that as a failure', async () => {
    const registry = new AnswerRegistry();
    const shutdown = new AbortController();
    const log = noLog();
    const result = runAnswerJob(registry, {
      messageId: 'm1',
      signal: shutdown.signal,
      log,
      what: 'asynchronous answer failed',
      run: () => stoppableRun(registry, 'm1'),
    });
    shutdown.abort();
    await expect(result).resolves.toEqual({ status: 'incomplete' });
    expect(log.error).not.toHaveBeenCalled();
  });

  it('logs an unexpected failure, but not the provider’s own', async () => {
    const registry = new AnswerRegistry();
    const log = noLog();
    const fail = (error: unknown) =>
      runAnswerJob(registry, {
        messageId: 'm2',
        signal: new AbortController().signal,
        log,
        what: 'asynchronous answer failed',
        run: async () => ({ status: 'incomplete', state, error }),
      });
    await expect(fail(new LlmError('upstream'))).resolves.toEqual({ status: 'incomplete' });
    expect(log.error).not.toHaveBeenCalled();
    const bug = new Error('bug');
    await fail(bug);
    expect(log.error).toHaveBeenCalledWith({ err: bug }, 'asynchronous answer failed');
  });
});

describe('stop across replicas', () => {
  type Row = { id: string; status: MessageStatus };

  function fakeStore(initial: MessageStatus) {
    const row: Row = { id: 'm1', status: initial };
    const store: StoppableStore<Row> = {
      kind: 'test',
      saveProgress: async () => undefined,
      finish: async () => undefined,
      markIncomplete: async () => undefined,
      row: async () => ({ ...row }),
      closeIfGenerating: async (_id, status) => {
        if (row.status === 'generating') row.status = status;
      },
    };
    return { row, store };
  }
  const leases = { isOwned: async () => true, dropUnowned: async () => undefined } as unknown as GenerationLeases;

  it('answers a final answer as it is, without asking anyone to stop it', async () => {
    const { row, store } = fakeStore('done');
    const requestStop = vi.fn(async () => undefined);
    await expect(stopAnswer(store, 'm1', { ...row }, { leases, requestStop })).resolves.toEqual(row);
    expect(requestStop).not.toHaveBeenCalled();
  });

  it('asks the owner to stop and answers the row once its owner closed it', async () => {
    const { row, store } = fakeStore('generating');
    const requestStop = vi.fn(async () => {
      // The owner (here or on another replica) closes it a moment later.
      setTimeout(() => (row.status = 'aborted'), 50);
    });
    const stopped = await stopAnswer(store, 'm1', { ...row }, { leases, requestStop });
    expect(requestStop).toHaveBeenCalledWith(store, 'm1');
    expect(stopped.status).toBe('aborted');
  });
});

describe('event-stream transport', () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

  /** Serves one streamed answer and answers what the client read. */
  async function serve(handle: (res: ServerResponse) => Promise<void>) {
    server = createServer((_req, res) => void handle(res));
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    return { status: res.status, type: res.headers.get('content-type'), body: await res.text() };
  }

  type Events = { message: { id: string; text: string }; finish: { id: string; status: 'done' }; error: object };

  it('streams the module’s messages and ends with its finish event', async () => {
    const read = await serve((res) =>
      streamAnswer<Events>({
        res,
        requestId: 'r1',
        log: noLog() as never,
        ids: { id: 'a1' },
        what: 'answer stream failed',
        run: async ({ stream }) => {
          stream.send('message', { id: 'a1', text: 'hello' });
          return { status: 'done', state };
        },
        finish: () => ({ id: 'a1', status: 'done' }),
      }),
    );
    expect(read.status).toBe(200);
    expect(read.body).toContain('event: message\ndata: {"id":"a1","text":"hello"}');
    expect(read.body).toContain('event: finish\ndata: {"id":"a1","status":"done"}');
  });

  it('answers a failure before any event as a JSON error carrying the ids, and tells the module', async () => {
    const failed = vi.fn();
    const read = await serve((res) =>
      streamAnswer<Events>({
        res,
        requestId: 'r2',
        log: noLog() as never,
        ids: { id: 'a2' },
        what: 'answer stream failed',
        run: async () => ({ status: 'incomplete', state, error: new LlmError('rate_limited') }),
        finish: () => ({ id: 'a2', status: 'done' }),
        failed,
      }),
    );
    expect(read.status).toBe(429);
    expect(read.type).toContain('application/json');
    expect(JSON.parse(read.body)).toEqual({
      code: ErrorCode.rateLimited,
      message: '模型服务请求过于频繁，请稍后再试',
      data: { id: 'a2' },
    });
    expect(failed).toHaveBeenCalledTimes(1);
  });
});

describe('follow transport', () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

  async function follow(handle: (res: ServerResponse) => Promise<void>) {
    server = createServer((_req, res) => void handle(res));
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    const body = await res.text();
    return { status: res.status, events: parseEvents(body), body };
  }

  function parseEvents(text: string) {
    return text
      .split('\n\n')
      .filter((block) => block.startsWith('event: '))
      .map((block) => {
        const [name, data] = block.split('\n');
        return { event: name!.slice(7), data: JSON.parse(data!.slice(6)) as Record<string, unknown> };
      });
  }

  it('follows an answer another replica generates from what it stores, to its end', async () => {
    const stored: { content: string; status: MessageStatus }[] = [
      { content: 'one', status: 'generating' },
      { content: 'one', status: 'generating' },
      { content: 'one two', status: 'generating' },
      { content: 'one two three', status: 'done' },
    ];
    let reads = 0;
    const read = await follow((res) =>
      followAnswer(new AnswerRegistry(), {
        res,
        requestId: 'f1',
        log: noLog(),
        messageId: 'a1',
        pollMs: 10,
        read: async () => stored[Math.min(reads++, stored.length - 1)],
      }),
    );
    expect(read.events).toEqual([
      { event: 'message', data: { message_id: 'a1', text: 'one', reasoning: '', replace: true } },
      { event: 'message', data: { message_id: 'a1', text: ' two' } },
      { event: 'message', data: { message_id: 'a1', text: ' three' } },
      { event: 'finish', data: { message_id: 'a1', status: 'done' } },
    ]);
  });

  it('starts over when the stored answer was written again, and answers an unknown answer as gone', async () => {
    const stored = [
      { content: 'malformed', status: 'generating' as const },
      { content: 'fresh', status: 'done' as const },
    ];
    let reads = 0;
    const again = await follow((res) =>
      followAnswer(new AnswerRegistry(), {
        res,
        requestId: 'f2',
        log: noLog(),
        messageId: 'a2',
        pollMs: 10,
        read: async () => stored[reads++],
      }),
    );
    expect(again.events.map((e) => e.data.text)).toEqual(['malformed', 'fresh', undefined]);
    expect(again.events[1]!.data.replace).toBe(true);

    const gone = await follow((res) =>
      followAnswer(new AnswerRegistry(), {
        res,
        requestId: 'f3',
        log: noLog(),
        messageId: 'nope',
        pollMs: 10,
        read: async () => undefined,
      }),
    );
    expect(gone.status).toBe(404);
    expect(JSON.parse(gone.body)).toMatchObject({ code: ErrorCode.resourceGone });
  });

  it('follows an answer this process generates chunk by chunk, then reads its final state', async () => {
    const registry = new AnswerRegistry();
    const live = { content: 'so far', reasoning: '' };
    let finish!: () => void;
    registry.add('a4', { stop: () => undefined, done: new Promise<void>((r) => (finish = r)), state: live });
    let final = false;
    server = createServer(
      (_req, res) =>
        void followAnswer(registry, {
          res,
          requestId: 'f4',
          log: noLog(),
          messageId: 'a4',
          pollMs: 10,
          read: async () => (final ? { content: live.content, status: 'done' } : undefined),
        }),
    );
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    // The first event left, so the follower watches the answer: what comes next is live.
    let body = decoder.decode((await reader.read()).value, { stream: true });
    for (const text of [' and', ' more']) {
      live.content += text;
      registry.chunk('a4', { type: 'content', text });
    }
    final = true;
    finish();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      body += decoder.decode(value, { stream: true });
    }
    expect(parseEvents(body)).toEqual([
      { event: 'message', data: { message_id: 'a4', text: 'so far', reasoning: '', replace: true } },
      { event: 'message', data: { message_id: 'a4', text: ' and' } },
      { event: 'message', data: { message_id: 'a4', text: ' more' } },
      { event: 'finish', data: { message_id: 'a4', status: 'done' } },
    ]);
  });
});

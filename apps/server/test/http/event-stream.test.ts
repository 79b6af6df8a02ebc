import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EventStream, onClientLeft } from '../../src/lib/event-stream';

/** The part of a raw response the event stream writes to, recording what was written. */
function fakeResponse() {
  const res = Object.assign(new EventEmitter(), {
    written: [] as string[],
    head: undefined as { status: number; headers: Record<string, unknown> } | undefined,
    writableEnded: false,
    destroyed: false,
    writeHead(status: number, headers: Record<string, unknown>) {
      res.head = { status, headers };
      return res;
    },
    flushHeaders: () => undefined,
    write(text: string) {
      res.written.push(text);
      return true;
    },
    end(text?: string) {
      if (text) res.written.push(text);
      res.writableEnded = true;
    },
  });
  return res;
}

const keepAlives = (res: ReturnType<typeof fakeResponse>) => res.written.filter((t) => t.startsWith(':')).length;

describe('EventStream keep-alives', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends a keep-alive only to a stream silent for 15 to 20 seconds, and none once ended', () => {
    const silentRes = fakeResponse();
    const busyRes = fakeResponse();
    const silent = new EventStream(silentRes as unknown as ServerResponse, 'r1');
    const busy = new EventStream(busyRes as unknown as ServerResponse, 'r2');
    for (let s = 0; s < 14; s++) {
      vi.advanceTimersByTime(1_000);
      busy.send('message', { s });
    }
    expect(keepAlives(silentRes)).toBe(0);
    for (let s = 14; s < 20; s++) {
      vi.advanceTimersByTime(1_000);
      busy.send('message', { s });
    }
    expect(keepAlives(silentRes)).toBe(1);
    expect(keepAlives(busyRes)).toBe(0);

    silent.end();
    busy.end();
    vi.advanceTimersByTime(60_000);
    expect(keepAlives(silentRes)).toBe(1);
    expect(keepAlives(busyRes)).toBe(0);
    // The shared timer stops with the last open stream.
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('EventStream failures', () => {
  const failure = { conv_id: 'c1', message_id: 'm1', code: 4029, message: '模型服务请求过于频繁，请稍后再试' };

  it('answers a failure before any event as a JSON envelope with the code’s status, without the held events', () => {
    const res = fakeResponse();
    const stream = new EventStream(res as unknown as ServerResponse, 'r1');
    stream.sendWithNext('message', { citations: [1] });
    expect(res.head).toBeUndefined();
    stream.fail(failure);
    stream.end();
    expect(res.head?.status).toBe(429);
    expect(res.head?.headers).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      'x-request-id': 'r1',
    });
    expect(res.written.map((text) => JSON.parse(text) as unknown)).toEqual([
      { code: 4029, message: failure.message, data: { conv_id: 'c1', message_id: 'm1' } },
    ]);
  });

  it('sends the headers with the first event, the held ones in front, and a later failure as an error event', () => {
    const res = fakeResponse();
    const stream = new EventStream(res as unknown as ServerResponse, 'r1');
    stream.sendWithNext('message', { citations: [1] });
    stream.send('message', { text: 'a' });
    expect(res.head?.status).toBe(200);
    expect(res.head?.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    stream.fail({ ...failure, code: 5002 });
    stream.end();
    expect(res.head?.status).toBe(200);
    expect(res.written.join('')).toBe(
      'event: message\ndata: {"citations":[1]}\n\nevent: message\ndata: {"text":"a"}\n\n' +
        `event: error\ndata: ${JSON.stringify({ ...failure, code: 5002 })}\n\n`,
    );
  });

  it('ends a stream without any event as an empty event stream', () => {
    const res = fakeResponse();
    new EventStream(res as unknown as ServerResponse, 'r1').end();
    expect(res.head?.status).toBe(200);
    expect(res.writableEnded).toBe(true);
  });
});

describe('onClientLeft', () => {
  it('calls back when the client goes before the stream ended, at once when it had gone already', () => {
    const open = fakeResponse();
    let left = 0;
    onClientLeft(open as unknown as ServerResponse, () => left++);
    open.emit('close');
    expect(left).toBe(1);

    const finished = fakeResponse();
    let finishedLeft = 0;
    onClientLeft(finished as unknown as ServerResponse, () => finishedLeft++);
    finished.writableEnded = true;
    finished.emit('close');
    expect(finishedLeft).toBe(0);

    const gone = fakeResponse();
    gone.destroyed = true;
    let goneLeft = 0;
    onClientLeft(gone as unknown as ServerResponse, () => goneLeft++);
    expect(goneLeft).toBe(1);
  });
});

import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EventStream, onClientLeft } from '../../src/lib/event-stream';

/** The part of a raw response the event stream writes to, recording what was written. */
function fakeResponse() {
  const res = Object.assign(new EventEmitter(), {
    written: [] as string[],
    writableEnded: false,
    destroyed: false,
    writeHead: () => res,
    flushHeaders: () => undefined,
    write(text: string) {
      res.written.push(text);
      return true;
    },
    end() {
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

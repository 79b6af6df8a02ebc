import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CallControl } from '../../src/services/llm/call-control';

// The idle clock's timers run on fake time: a busy machine's late timers cannot reorder them.
const wait = (ms: number) => vi.advanceTimersByTimeAsync(ms);
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('CallControl idle clock', () => {
  it('aborts as idle when nothing touched it for idleTimeoutMs', async () => {
    const control = new CallControl(undefined, 40);
    await wait(20);
    expect(control.aborted).toBe(false);
    await wait(60);
    expect(control.aborted).toBe(true);
    expect(control.cause).toBe('idle');
  });

  it('restarts the clock on every touch', async () => {
    const control = new CallControl(undefined, 60);
    for (let i = 0; i < 5; i++) {
      await wait(30);
      control.touch();
    }
    expect(control.aborted).toBe(false);
    await wait(100);
    expect(control.cause).toBe('idle');
  });

  it('does not run while paused, and counts a whole period again after the next touch', async () => {
    const control = new CallControl(undefined, 40);
    control.pause();
    await wait(100);
    expect(control.aborted).toBe(false);
    control.touch();
    await wait(20);
    expect(control.aborted).toBe(false);
    await wait(60);
    expect(control.cause).toBe('idle');
  });

  it('records a caller abort, and stops the clock once disposed', async () => {
    const caller = new AbortController();
    const aborted = new CallControl(caller.signal, 1_000);
    caller.abort();
    expect(aborted.cause).toBe('caller');
    expect(aborted.aborted).toBe(true);

    const disposed = new CallControl(undefined, 30);
    disposed.dispose();
    await wait(60);
    expect(disposed.aborted).toBe(false);
  });

  it("calls its one abort listener once, with the caller's reason, and not after it was cleared", () => {
    const caller = new AbortController();
    const control = new CallControl(caller.signal, 1_000);
    let calls = 0;
    control.onAbort(() => calls++);
    caller.abort(new Error('left'));
    caller.abort();
    expect(calls).toBe(1);
    expect((control.reason as Error).message).toBe('left');

    const otherCaller = new AbortController();
    const cleared = new CallControl(otherCaller.signal, 1_000);
    let clearedCalls = 0;
    cleared.onAbort(() => clearedCalls++);
    cleared.onAbort(undefined);
    otherCaller.abort();
    expect(cleared.aborted).toBe(true);
    expect(clearedCalls).toBe(0);
  });

  it('aborts as idle with an AbortError its listener can destroy the call with', async () => {
    const control = new CallControl(undefined, 20);
    let reason: unknown;
    control.onAbort(() => (reason = control.reason));
    await wait(60);
    expect(control.cause).toBe('idle');
    expect((reason as Error).name).toBe('AbortError');
    control.dispose();
  });
});

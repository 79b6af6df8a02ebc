import { describe, expect, it } from 'vitest';
import { CallControl } from '../../src/services/llm/call-control';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('CallControl idle clock', () => {
  it('aborts as idle when nothing touched it for idleTimeoutMs', async () => {
    const control = new CallControl(undefined, 40);
    await wait(20);
    expect(control.signal.aborted).toBe(false);
    await wait(60);
    expect(control.signal.aborted).toBe(true);
    expect(control.cause).toBe('idle');
  });

  it('restarts the clock on every touch', async () => {
    const control = new CallControl(undefined, 60);
    for (let i = 0; i < 5; i++) {
      await wait(30);
      control.touch();
    }
    expect(control.signal.aborted).toBe(false);
    await wait(100);
    expect(control.cause).toBe('idle');
  });

  it('does not run while paused, and counts a whole period again after the next touch', async () => {
    const control = new CallControl(undefined, 40);
    control.pause();
    await wait(100);
    expect(control.signal.aborted).toBe(false);
    control.touch();
    await wait(20);
    expect(control.signal.aborted).toBe(false);
    await wait(60);
    expect(control.cause).toBe('idle');
  });

  it('records a caller abort, and stops the clock once disposed', async () => {
    const caller = new AbortController();
    const aborted = new CallControl(caller.signal, 1_000);
    caller.abort();
    expect(aborted.cause).toBe('caller');
    expect(aborted.signal.aborted).toBe(true);

    const disposed = new CallControl(undefined, 30);
    disposed.dispose();
    await wait(60);
    expect(disposed.signal.aborted).toBe(false);
  });
});

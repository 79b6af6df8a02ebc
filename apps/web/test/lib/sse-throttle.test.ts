import { afterEach, describe, expect, it, vi } from 'vitest';
import { createThrottledUpdater, framesApart } from '../../src/lib/sse';

function manualFrames() {
  const queue: Array<() => void> = [];
  const schedule = vi.fn((run: () => void) => {
    queue.push(run);
    return () => queue.splice(queue.indexOf(run), 1);
  });
  const frame = () => queue.splice(0).forEach((run) => run());
  return { schedule, frame };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('createThrottledUpdater', () => {
  it('applies only the latest value, once per frame', () => {
    const { schedule, frame } = manualFrames();
    const apply = vi.fn();
    const updater = createThrottledUpdater<string>(apply, { schedule });
    updater.push('a');
    updater.push('ab');
    updater.push('abc');
    expect(apply).not.toHaveBeenCalled();
    expect(schedule).toHaveBeenCalledTimes(1);
    frame();
    expect(apply.mock.calls).toEqual([['abc']]);
    frame();
    expect(apply).toHaveBeenCalledTimes(1);
    updater.push('abcd');
    frame();
    expect(apply.mock.calls).toEqual([['abc'], ['abcd']]);
  });

  it('merges deltas when asked to', () => {
    const { schedule, frame } = manualFrames();
    const apply = vi.fn();
    const updater = createThrottledUpdater<string>(apply, { schedule, merge: (a, b) => a + b });
    updater.push('He');
    updater.push('llo');
    frame();
    expect(apply.mock.calls).toEqual([['Hello']]);
  });

  it('flushes now and cancels', () => {
    const { schedule, frame } = manualFrames();
    const apply = vi.fn();
    const updater = createThrottledUpdater<number>(apply, { schedule });
    updater.push(1);
    updater.flush();
    expect(apply.mock.calls).toEqual([[1]]);
    frame();
    updater.push(2);
    updater.cancel();
    frame();
    updater.flush();
    expect(apply.mock.calls).toEqual([[1]]);
  });

  it('uses requestAnimationFrame and falls back to a timer without it', () => {
    const raf = vi.fn((cb: FrameRequestCallback) => {
      cb(0);
      return 1;
    });
    vi.stubGlobal('requestAnimationFrame', raf);
    const apply = vi.fn();
    createThrottledUpdater<number>(apply).push(1);
    expect(raf).toHaveBeenCalledTimes(1);
    expect(apply).toHaveBeenCalledWith(1);

    vi.stubGlobal('requestAnimationFrame', undefined);
    vi.useFakeTimers();
    const later = vi.fn();
    createThrottledUpdater<number>(later).push(2);
    expect(later).not.toHaveBeenCalled();
    vi.advanceTimersByTime(20);
    expect(later).toHaveBeenCalledWith(2);
  });

  it('framesApart: renders on a frame, the next one no sooner than the gap after it', () => {
    vi.useFakeTimers();
    let clock = 1000;
    const frames: Array<() => void> = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => {
      frames.push(() => cb(clock));
      return frames.length;
    });
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
    const apply = vi.fn();
    const updater = createThrottledUpdater<string>(apply, {
      schedule: framesApart(50, () => clock),
      merge: (a, b) => a + b,
    });

    // The first update waits only for a frame.
    updater.push('a');
    expect(frames).toHaveLength(1);
    frames.shift()!();
    expect(apply.mock.calls).toEqual([['a']]);

    // Updates 10 ms later are merged and held until 50 ms after the last render, then a frame.
    clock += 10;
    updater.push('b');
    updater.push('c');
    expect(frames).toHaveLength(0);
    clock += 39;
    vi.advanceTimersByTime(39);
    expect(frames).toHaveLength(0);
    clock += 1;
    vi.advanceTimersByTime(1);
    expect(frames).toHaveLength(1);
    frames.shift()!();
    expect(apply.mock.calls).toEqual([['a'], ['bc']]);

    // flush() applies at once and cancels the pending wait.
    updater.push('d');
    updater.flush();
    expect(apply.mock.calls.at(-1)).toEqual(['d']);
    vi.advanceTimersByTime(100);
    expect(frames).toHaveLength(0);
  });
});

export interface ThrottledUpdater<T> {
  /** Queues a value; only the latest (or merged) value of a frame is applied. */
  push(value: T): void;
  /** Applies a queued value now (e.g. on finish) instead of waiting for the frame. */
  flush(): void;
  /** Drops a queued value. */
  cancel(): void;
}

export type Schedule = (run: () => void) => () => void;

const FALLBACK_FRAME_MS = 16;

const nextFrame: Schedule = (run) => {
  if (typeof requestAnimationFrame === 'function') {
    const id = requestAnimationFrame(() => run());
    return () => cancelAnimationFrame(id);
  }
  const id = setTimeout(run, FALLBACK_FRAME_MS);
  return () => clearTimeout(id);
};

/**
 * The first animation frame at least `gapMs` after the previous run of this schedule. A streamed
 * answer rendered at every frame spends most of the main thread on style, layout, paint and commit
 * of the growing text; a few renders fewer per second read the same and leave the thread free.
 */
export function framesApart(gapMs: number, now: () => number = () => performance.now()): Schedule {
  let last = Number.NEGATIVE_INFINITY;
  return (run) => {
    let cancelFrame: (() => void) | null = null;
    const onFrame = () => {
      last = now();
      run();
    };
    const wait = last + gapMs - now();
    if (wait <= 0) return nextFrame(onFrame);
    const timer = setTimeout(() => {
      cancelFrame = nextFrame(onFrame);
    }, wait);
    return () => {
      clearTimeout(timer);
      cancelFrame?.();
    };
  };
}

/**
 * Applies stream updates at most once per animation frame: a fast stream would otherwise
 * re-render the answer for every event.
 */
export function createThrottledUpdater<T>(
  apply: (value: T) => void,
  options: { merge?: (queued: T, next: T) => T; schedule?: Schedule } = {},
): ThrottledUpdater<T> {
  const schedule = options.schedule ?? nextFrame;
  let queued: { value: T } | null = null;
  let cancelFrame: (() => void) | null = null;

  const run = () => {
    cancelFrame = null;
    if (!queued) return;
    const { value } = queued;
    queued = null;
    apply(value);
  };

  return {
    push(value) {
      queued = queued && options.merge ? { value: options.merge(queued.value, value) } : { value };
      cancelFrame ??= schedule(run);
    },
    flush() {
      cancelFrame?.();
      run();
    },
    cancel() {
      cancelFrame?.();
      cancelFrame = null;
      queued = null;
    },
  };
}

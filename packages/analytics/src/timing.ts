/** Runs `fn` at most once per `ms`, on the leading edge: the first activity counts at once. */
export function throttle(fn: () => void, ms: number): () => void {
  let last = -Infinity;
  return () => {
    const now = Date.now();
    if (now - last < ms) return;
    last = now;
    fn();
  };
}

export interface Debounced {
  (): void;
  cancel(): void;
}

/** Runs `fn` once `ms` have passed since the last call. */
export function debounce(fn: () => void, ms: number): Debounced {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const debounced = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      fn();
    }, ms);
  };
  debounced.cancel = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  return debounced;
}

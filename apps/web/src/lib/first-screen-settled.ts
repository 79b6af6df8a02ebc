import type { QueryClient } from '@tanstack/react-query';
import { whenIdle } from './when-idle';

/** What is read of the router: whether its first navigation, with the route's chunk, is done. */
export interface SettlingRouter {
  readonly state: { initialized: boolean; navigation: { state: string } };
  subscribe(listener: () => void): () => void;
}

/**
 * Resolves once the first screen has what it shows: the router has finished its first navigation
 * (the route's chunks), no query is fetching (the route's data) and the frame after that has been
 * painted; or after `timeoutMs` at the latest. Work the first screen does not need waits for it, so its chunk and requests do not
 * compete with the screen's on a slow connection (the analytics SDK; its events are queued).
 */
export function firstScreenSettled(
  router: SettlingRouter,
  queryClient: QueryClient,
  timeoutMs = 10_000,
): Promise<void> {
  return new Promise((resolve) => {
    const settled = () =>
      router.state.initialized && router.state.navigation.state === 'idle' && queryClient.isFetching() === 0;
    if (settled()) return afterNextPaint(resolve);
    const stopRouter = router.subscribe(check);
    const stopQueries = queryClient.getQueryCache().subscribe(check);
    const timer = setTimeout(done, timeoutMs);
    function check() {
      if (settled()) done();
    }
    function done() {
      stopRouter();
      stopQueries();
      clearTimeout(timer);
      afterNextPaint(resolve);
    }
  });
}

/** Runs `then` in a task after the next frame (the data's render) has been painted. */
function afterNextPaint(then: () => void): void {
  if (typeof requestAnimationFrame !== 'function') return void setTimeout(then, 0);
  requestAnimationFrame(() => setTimeout(then, 0));
}

let firstScreen: Promise<void> | undefined;

/** The page's start (`main.tsx`) records when its first screen settles, for `afterFirstScreen`. */
export function recordFirstScreen(settled: Promise<void>): void {
  firstScreen = settled;
}

/**
 * Runs `work` once the first screen has settled (see `firstScreenSettled`; at once when the page
 * recorded none, as in tests) and then the main thread is idle. Returns a cancel function, usable
 * as an effect's cleanup.
 */
export function afterFirstScreen(work: () => void): () => void {
  let cancelIdle: (() => void) | undefined;
  let cancelled = false;
  void (firstScreen ?? Promise.resolve()).then(() => {
    if (!cancelled) cancelIdle = whenIdle(work);
  });
  return () => {
    cancelled = true;
    cancelIdle?.();
  };
}

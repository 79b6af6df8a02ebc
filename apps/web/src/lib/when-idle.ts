/**
 * Runs `work` when the main thread is idle (at the latest after `timeoutMs`), so work the first
 * screen does not need waits until it has painted. Returns a cancel function (usable as an
 * effect's cleanup).
 */
export function whenIdle(work: () => void, timeoutMs = 3000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(() => work(), { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(work, Math.min(timeoutMs, 1000));
  return () => clearTimeout(id);
}

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

/**
 * Resolves in a task of its own: what follows does not lengthen the task that is running (on a
 * phone, evaluating the app's modules is already a long one).
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * A work's progress as engines report it, written in order and only forward: an engine's reports
 * may overlap (a poll answering while the call ends, ComfyUI's per-node progress starting again at
 * 0), and a bar that goes back or a late write over "done" would mislead. Every write waits for
 * the one before it; a value not above the last is dropped.
 */
export function forwardProgress(write: (percent: number) => Promise<void>): (percent: number) => Promise<void> {
  let last = -1;
  let chain: Promise<void> = Promise.resolve();
  return (percent) => {
    if (percent <= last) return chain;
    last = percent;
    chain = chain.then(() => write(percent));
    return chain;
  };
}

import { DEFAULT_POLL_INTERVAL_MS } from '@portal/contract';
import type { AnswerSnapshot } from './transport';

/**
 * How often a stored answer is polled (section 9's default polling interval), and how long an
 * answer may stay `generating` without growing before the browser treats it as incomplete. The
 * server gives up on a silent provider after 60 s and a dead owner's answers become incomplete at
 * once; this is the last guard for an answer nobody will finish. Tests shorten both.
 */
export const pollTiming = { intervalMs: DEFAULT_POLL_INTERVAL_MS, staleAfterMs: 90_000 };

/** Consecutive failed polls before the answer is given up on. */
const MAX_FAILURES = 3;

export type PollOutcome =
  | { kind: 'final'; snapshot: AnswerSnapshot }
  | { kind: 'aborted' }
  | { kind: 'stale' }
  | { kind: 'failed'; error: unknown };

export interface PollCompletionOptions {
  messageId: string;
  completion(messageId: string, signal: AbortSignal): Promise<AnswerSnapshot>;
  signal: AbortSignal;
  /** Every polled state of the answer, final one included. */
  onSnapshot(snapshot: AnswerSnapshot): void;
  intervalMs?: number;
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

const sizeOf = (s: AnswerSnapshot) => s.content.length + (s.reasoning?.length ?? 0);

/** Polls a stored answer until its status is final, it stops growing, polling fails, or the signal aborts. */
export async function pollCompletion(options: PollCompletionOptions): Promise<PollOutcome> {
  const { messageId, completion, signal, onSnapshot } = options;
  const intervalMs = options.intervalMs ?? pollTiming.intervalMs;
  let size = -1;
  let grewAt = Date.now();
  let failures = 0;
  for (;;) {
    await wait(intervalMs, signal);
    if (signal.aborted) return { kind: 'aborted' };
    let snapshot: AnswerSnapshot;
    try {
      snapshot = await completion(messageId, signal);
    } catch (error) {
      if (signal.aborted) return { kind: 'aborted' };
      failures += 1;
      if (failures >= MAX_FAILURES) return { kind: 'failed', error };
      continue;
    }
    if (signal.aborted) return { kind: 'aborted' };
    failures = 0;
    onSnapshot(snapshot);
    if (snapshot.status !== 'generating') return { kind: 'final', snapshot };
    if (sizeOf(snapshot) > size) {
      size = sizeOf(snapshot);
      grewAt = Date.now();
    } else if (Date.now() - grewAt >= pollTiming.staleAfterMs) {
      return { kind: 'stale' };
    }
  }
}

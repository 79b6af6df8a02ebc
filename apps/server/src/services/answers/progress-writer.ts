import type { AnswerState, AnswerStore } from './types';

/**
 * Saves a growing answer at most every `intervalMs` or `chars` characters, one UPDATE at a time,
 * so a crash loses little and a fast stream does not turn into a write per token.
 */
export class ProgressWriter {
  // The first text is saved at once, so a polling client sees the answer start without waiting
  // a whole interval; after that, every interval or every `chars` characters.
  private lastSave = 0;
  private savedChars = 0;
  private busy = false;
  private pending: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: Pick<AnswerStore, 'saveProgress'>,
    private readonly messageId: string,
    private readonly intervalMs: number,
    private readonly chars: number,
    private readonly onError: (error: unknown) => void,
  ) {}

  offer(state: AnswerState): void {
    if (this.busy) return;
    const size = state.content.length + state.reasoning.length;
    const grown = size - this.savedChars;
    if (grown <= 0) return;
    if (grown < this.chars && Date.now() - this.lastSave < this.intervalMs) return;
    this.busy = true;
    const snapshot: AnswerState = { ...state };
    // The save starts after this turn's I/O: the chunk just sent to the client is written to its
    // socket on the next tick, and PGlite in memory (tests) runs a statement on this thread, so a
    // save started now would hold the chunk back for the statement's length.
    this.pending = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.store.saveProgress(this.messageId, snapshot))
      .catch(this.onError)
      .finally(() => {
        this.busy = false;
        this.lastSave = Date.now();
        this.savedChars = size;
      });
  }

  /** Waits for the write in flight so the final write lands after it. */
  settle(): Promise<void> {
    return this.pending;
  }
}

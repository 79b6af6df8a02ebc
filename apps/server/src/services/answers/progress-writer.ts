import type { AnswerState, AnswerStore } from './types';

/**
 * Saves a growing answer at most every `intervalMs` or `chars` characters, one UPDATE at a time,
 * so a crash loses little and a fast stream does not turn into a write per token.
 */
export class ProgressWriter {
  private lastSave = Date.now();
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
    this.pending = this.store
      .saveProgress(this.messageId, snapshot)
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

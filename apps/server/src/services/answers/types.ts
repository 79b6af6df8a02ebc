import type { Citation, MessageStatus } from '@portal/contract';

/** An answer as it grows. */
export interface AnswerState {
  content: string;
  reasoning: string;
  citations?: Citation[];
}

/** Where a module keeps its answers; the runner writes through it and nothing else. */
export interface AnswerStore {
  /** Names the store in the `generations` table (the module). */
  readonly kind: string;
  saveProgress(messageId: string, state: AnswerState): Promise<void>;
  finish(messageId: string, status: MessageStatus, state: AnswerState, finishReason?: string): Promise<void>;
  /** Sets still-generating messages to `incomplete`. */
  markIncomplete(messageIds: string[]): Promise<void>;
}

/** Why a generation stopped early: a client left or asked to stop (aborted), or the server stops (incomplete). */
export type StopReason = 'client' | 'shutdown';

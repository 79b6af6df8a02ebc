import type { ThreadStore } from './thread-slice';
import type { AnswerFinish, AnswerIds, AnswerSnapshot } from './transport';
import type { UiMessage } from './types';

/** Shown under an answer the user stopped. */
export const ABORTED_TEXT = '已停止生成';
/** Shown under an answer that stopped growing while still marked as generating. */
export const STALLED_TEXT = '回答已中断，可重新生成';

/** Where a transport writes one answer: the answer's message in the thread's state. */
export interface AnswerSink {
  signal: AbortSignal;
  update(change: (m: UiMessage) => UiMessage): void;
  /** The stored question and answer got their server ids. */
  identify(ids: AnswerIds): void;
  /** The answer is complete and stored. */
  finish(finish: AnswerFinish): void;
}

export function createAnswerSink(options: {
  store: ThreadStore;
  threadId: string;
  answerKey: string;
  questionKey?: string;
  signal: AbortSignal;
  onFinish?(finish: AnswerFinish): void;
}): AnswerSink {
  const { store, threadId, answerKey, questionKey, signal, onFinish } = options;
  const update = (change: (m: UiMessage) => UiMessage) => store.getState().updateMessage(threadId, answerKey, change);
  const identify = (ids: AnswerIds) => {
    update((m) => ({ ...m, message_id: ids.message_id }));
    if (ids.user_message_id && questionKey) {
      store.getState().updateMessage(threadId, questionKey, (m) => ({ ...m, message_id: ids.user_message_id }));
    }
  };
  return {
    signal,
    update,
    identify,
    finish(finish) {
      identify(finish);
      update((m) => ({ ...m, status: finish.status }));
      onFinish?.(finish);
    },
  };
}

/** A polled answer's stored text replaces what the screen has. */
export const applySnapshot =
  (snapshot: AnswerSnapshot) =>
  (m: UiMessage): UiMessage => ({
    ...m,
    content: snapshot.content,
    reasoning: snapshot.reasoning ?? m.reasoning,
    citations: snapshot.citations ?? m.citations,
    status: snapshot.status,
  });

export const markStalled = (m: UiMessage): UiMessage => ({ ...m, status: 'incomplete', error: STALLED_TEXT });

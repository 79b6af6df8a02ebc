import { useEffect } from 'react';
import { applySnapshot, markStalled } from './answer-sink';
import { pollCompletion } from './poll-completion';
import { useThread, useThreadState } from './thread-context';
import type { AnswerSnapshot } from './transport';
import type { UiMessage } from './types';

const SEPARATOR = '\u0000';

/**
 * An answer that was `generating` when the thread loaded (another tab, a page left while polling,
 * a server that died mid-answer) and that nothing in this tab is writing: poll its stored state
 * until it ends, and treat it as incomplete, with regenerate and copy, if it stops growing.
 */
export function useGeneratingWatch(
  completion: ((messageId: string, signal: AbortSignal) => Promise<AnswerSnapshot>) | undefined,
): void {
  const { store, threadId } = useThread();
  const target = useThreadState((s) => {
    if (!s || s.isAsking || s.load !== 'ready') return undefined;
    const answer = [...s.list]
      .reverse()
      .find((m) => m.role === 'assistant' && m.status === 'generating' && m.message_id);
    return answer ? [answer.key, answer.message_id].join(SEPARATOR) : undefined;
  });

  useEffect(() => {
    if (!target || !completion) return;
    const [key = '', messageId = ''] = target.split(SEPARATOR);
    const controller = new AbortController();
    const update = (change: (m: UiMessage) => UiMessage) => store.getState().updateMessage(threadId, key, change);
    void pollCompletion({
      messageId,
      completion,
      signal: controller.signal,
      onSnapshot: (snapshot) => update(applySnapshot(snapshot)),
    }).then((outcome) => {
      if (outcome.kind === 'stale' || outcome.kind === 'failed') update(markStalled);
    });
    return () => controller.abort();
  }, [target, completion, store, threadId]);
}

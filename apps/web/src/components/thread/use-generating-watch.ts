import { useEffect } from 'react';
import { resumeAnswer } from './ask';
import { applySnapshot, markStalled } from './answer-sink';
import { followTransport, type Reattach } from './follow-transport';
import { pollCompletion } from './poll-completion';
import { useThread, useThreadState } from './thread-context';
import type { AnswerSnapshot } from './transport';
import type { UiMessage } from './types';

const SEPARATOR = '\u0000';

/**
 * An answer that was `generating` when the thread loaded (a reload, another tab or device, a page
 * left while it streamed) and that nothing in this tab is writing: the server goes on generating
 * it whoever watches. With `reattach`, the thread follows it live to its end, with 停止, as if it
 * had been asked here; without, its stored state is polled until it ends. Either way it is treated
 * as incomplete, with regenerate and copy, if it stops growing.
 */
export function useGeneratingWatch(
  completion: ((messageId: string, signal: AbortSignal) => Promise<AnswerSnapshot>) | undefined,
  reattach?: Reattach,
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
    if (!target) return;
    const [key = '', messageId = ''] = target.split(SEPARATOR);
    if (reattach) {
      // Lives with the thread like an ask (停止 or leaving the thread's store ends it), not with this effect.
      void resumeAnswer({ store, threadId, answerKey: key, transport: followTransport(reattach, messageId, threadId) });
      return;
    }
    if (!completion) return;
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
  }, [target, completion, reattach, store, threadId]);
}

import { ErrorCode } from '@portal/contract';
import type { FollowCall } from '../../lib/answer-follow';
import { SseError } from '../../lib/sse';
import { STALLED_TEXT } from './answer-sink';
import { pollCompletion } from './poll-completion';
import type { AnswerSnapshot, StreamTransport } from './transport';

/** What a module gives the thread so a page that comes back to a generating answer re-attaches to it. */
export interface Reattach {
  follow: FollowCall;
  /** The stored answer (`message/completion`): its final state, or polled when following broke. */
  completion(messageId: string, signal: AbortSignal): Promise<AnswerSnapshot>;
  /** `message/stop`: 停止 on a followed answer. */
  stop(messageId: string): Promise<void>;
}

/**
 * A stored answer that is still being generated (the page was reloaded, or opened on another
 * device) as an event-stream transport: its text so far, then what is added until it ends, then
 * its final stored state. When following breaks (a lost connection, another replica's restart),
 * the stored answer is polled to its end instead.
 */
export function followTransport(reattach: Reattach, messageId: string, threadId: string): StreamTransport {
  const ids = { conv_id: threadId, message_id: messageId };
  const showSnapshot = (s: AnswerSnapshot, handlers: Parameters<StreamTransport['open']>[1]) =>
    handlers.onMessage({ ...ids, text: s.content, reasoning: s.reasoning, citations: s.citations, replace: true });
  return {
    kind: 'stream',
    messageId,
    stop: reattach.stop,
    async open(signal, handlers) {
      let finished = false;
      let broke: SseError | undefined;
      await reattach.follow(messageId, signal, {
        onMessage: (data) =>
          handlers.onMessage({ ...ids, text: data.text, reasoning: data.reasoning, replace: data.replace }),
        onFinish: () => (finished = true),
        onError: (error) => (broke = error),
        onAbort: () => undefined,
      });
      if (signal.aborted) return handlers.onAbort();
      // An answer that is gone is not polled for.
      if (broke?.code === ErrorCode.resourceGone) return handlers.onError(broke);
      const outcome = await pollCompletion({
        messageId,
        completion: reattach.completion,
        signal,
        intervalMs: finished ? 0 : undefined,
        onSnapshot: (s) => showSnapshot(s, handlers),
      });
      switch (outcome.kind) {
        case 'final':
          return handlers.onFinish({ ...ids, status: outcome.snapshot.status });
        case 'aborted':
          return handlers.onAbort();
        case 'stale':
          return handlers.onError(new SseError(ErrorCode.upstream, STALLED_TEXT, 'stream'));
        case 'failed': {
          const error = outcome.error;
          if (error instanceof SseError) return handlers.onError(error);
          const message = error instanceof Error && error.message ? error.message : '回答获取失败';
          return handlers.onError(new SseError(ErrorCode.upstream, message, 'stream'));
        }
      }
    },
  };
}

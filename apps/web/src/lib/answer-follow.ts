import type { AnswerFollowFinish, AnswerFollowMessage, Endpoint } from '@portal/contract';
import { api } from './api';
import { streamSse, type SseError } from './sse';

export interface FollowHandlers {
  onMessage(data: AnswerFollowMessage): void;
  onFinish(data: AnswerFollowFinish): void;
  onError(error: SseError): void;
  onAbort(): void;
}

/** Follows an answer being generated, streamed until it is final. */
export type FollowCall = (messageId: string, signal: AbortSignal, handlers: FollowHandlers) => Promise<void>;

/** A module's `message/follow` descriptor: its answer being generated, as an event stream (answer-follow.ts). */
export const followAt =
  (declared: Pick<Endpoint, 'path'>): FollowCall =>
  (messageId, signal, handlers) =>
    streamSse<AnswerFollowMessage, AnswerFollowFinish>({
      url: api.url(declared.path),
      headers: api.headers(),
      body: { message_id: messageId },
      signal,
      ...handlers,
    });

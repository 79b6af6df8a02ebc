import { marketingEndpoints } from '@portal/contract/endpoints/marketing';
import type { AnswerSnapshot, Reattach } from '../../../components/thread';
import { followAt } from '../../../lib/answer-follow';
import { callEndpoint, sendEndpoint } from '../../../lib/call-endpoint';

/** `POST /api/marketing/message/stop`: 停止, the only thing that stops an analysis on the server. */
export async function stopMarketingAnswer(messageId: string): Promise<void> {
  await sendEndpoint(marketingEndpoints.messageStop, { body: { message_id: messageId }, silent: true });
}

/** `GET /api/marketing/message/completion`: an analysis as stored so far. */
export async function marketingCompletion(messageId: string, signal: AbortSignal): Promise<AnswerSnapshot> {
  const message = await callEndpoint(marketingEndpoints.messageCompletion, {
    query: { message_id: messageId },
    signal,
    silent: true,
  });
  return { content: message.content, status: message.status };
}

/** An analysis still generated when its conversation opened (a reload, another device) is followed to its end. */
export const marketingReattach: Reattach = {
  follow: followAt(marketingEndpoints.messageFollow),
  completion: marketingCompletion,
  stop: stopMarketingAnswer,
};

import type { MarketingMessage } from '@portal/contract';
import type { AnswerSnapshot, Reattach } from '../../../components/thread';
import { api } from '../../../lib/api';
import { followAt } from '../../../lib/answer-follow';
import { MARKETING_API } from './keys';

/** `POST /api/marketing/message/stop`: 停止, the only thing that stops an analysis on the server. */
export async function stopMarketingAnswer(messageId: string): Promise<void> {
  await api.post(`${MARKETING_API}/message/stop`, { message_id: messageId }, { silent: true });
}

/** `GET /api/marketing/message/completion`: an analysis as stored so far. */
export async function marketingCompletion(messageId: string, signal: AbortSignal): Promise<AnswerSnapshot> {
  const message = await api.get<MarketingMessage>(`${MARKETING_API}/message/completion`, {
    params: { message_id: messageId },
    signal,
    silent: true,
  });
  return { content: message.content, status: message.status };
}

/** An analysis still generated when its conversation opened (a reload, another device) is followed to its end. */
export const marketingReattach: Reattach = {
  follow: followAt(MARKETING_API),
  completion: marketingCompletion,
  stop: stopMarketingAnswer,
};

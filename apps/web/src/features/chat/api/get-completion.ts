import type { ChatMessage } from '@portal/contract';
import { callEndpoint } from '../../../lib/call-endpoint';
import { messageEndpoints, type MessageRoute } from './load-endpoints';

/** `GET /api/{api}/message/completion?message_id=`: the stored answer so far and its status. */
export async function getCompletion(
  route: MessageRoute,
  messageId: string,
  signal?: AbortSignal,
): Promise<ChatMessage> {
  // Polled every 2 s: a failed poll is retried, not shown.
  return callEndpoint((await messageEndpoints(route)).messageCompletion, {
    query: { message_id: messageId },
    signal,
    silent: true,
  });
}

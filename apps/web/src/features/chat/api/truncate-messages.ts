import { callEndpoint } from '../../../lib/call-endpoint';
import { messageEndpoints, type MessageRoute } from './load-endpoints';

/** `POST /api/{api}/message/truncate`: removes a question and the turns after it, before it is asked again as edited. */
export async function truncateFrom(route: MessageRoute, convId: string, messageId: string): Promise<number> {
  const data = await callEndpoint((await messageEndpoints(route)).messageTruncate, {
    body: { conv_id: convId, message_id: messageId },
  });
  return data.removed;
}

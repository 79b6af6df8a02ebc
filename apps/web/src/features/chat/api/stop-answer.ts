import { sendEndpoint } from '../../../lib/call-endpoint';
import { messageEndpoints, type MessageRoute } from './load-endpoints';

/** `POST /api/{api}/message/stop`: ends an answer's generation on the server. */
export async function stopAnswer(route: MessageRoute, messageId: string): Promise<void> {
  await sendEndpoint((await messageEndpoints(route)).messageStop, { body: { message_id: messageId }, silent: true });
}

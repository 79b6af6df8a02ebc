import { api } from '../../../lib/api';

/** `POST {prefix}/message/stop`: ends an asynchronous answer's generation on the server. */
export async function stopAnswer(prefix: string, messageId: string): Promise<void> {
  await api.post(`${prefix}/message/stop`, { message_id: messageId }, { silent: true });
}

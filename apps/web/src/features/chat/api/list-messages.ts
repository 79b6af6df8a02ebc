import type { MessagePage } from '../../../components/thread';
import { callEndpoint } from '../../../lib/call-endpoint';
import { messageEndpoints, type MessageRoute } from './load-endpoints';

/** `GET /api/{api}/message/list`: page 1 holds the newest `pageSize` messages, page 2 the ones before them; each oldest first. */
export async function listMessages(
  route: MessageRoute,
  convId: string,
  page: number,
  pageSize: number,
): Promise<MessagePage> {
  const data = await callEndpoint((await messageEndpoints(route)).messageList, {
    query: { conv_id: convId, page, page_size: pageSize },
  });
  const total = data.total;
  const hasMore = data.has_more ?? (total !== undefined ? page * pageSize < total : false);
  return { list: data.list, hasMore };
}

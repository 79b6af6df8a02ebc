import type { MessagePage } from '../../../components/thread';
import { api } from '../../../lib/api';
import { messageListParser } from './parsers';

/** `GET {prefix}/message/list`: page 1 holds the newest `pageSize` messages, page 2 the ones before them; each oldest first. */
export async function listMessages(
  prefix: string,
  convId: string,
  page: number,
  pageSize: number,
): Promise<MessagePage> {
  const data = await api.get(`${prefix}/message/list`, {
    params: { conv_id: convId, page, page_size: pageSize },
    schema: messageListParser,
  });
  const total = data.total;
  const hasMore = data.has_more ?? (total !== undefined ? page * pageSize < total : false);
  return { list: data.list, hasMore };
}

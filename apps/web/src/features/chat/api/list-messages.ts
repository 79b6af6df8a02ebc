import type { ChatMessage } from '@portal/contract';
import { api } from '../../../lib/api';
import type { ChatModuleConfig } from '../config/chat-modules';
import { messageListParser } from './parsers';

export interface MessagePage {
  list: ChatMessage[];
  hasMore: boolean;
}

/** Page 1 holds the newest `pageSize` messages, page 2 the ones before them; each oldest first. */
export async function listMessages(
  config: ChatModuleConfig,
  convId: string,
  page: number,
  pageSize: number,
): Promise<MessagePage> {
  const data = await api.get(`${config.chatApiPath}/message/list`, {
    params: { conv_id: convId, page, page_size: pageSize },
    schema: messageListParser,
  });
  const total = data.total;
  const hasMore = data.has_more ?? (total !== undefined ? page * pageSize < total : false);
  return { list: data.list, hasMore };
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Conversation } from '@portal/contract';
import { api } from '../../../lib/api';
import { chatFirstScreenPaths } from './first-screen-paths';
import { loadChatParsers } from './load-parsers';
import type { ChatModuleConfig } from '../config/chat-modules';

export async function listConversations(config: ChatModuleConfig): Promise<Conversation[]> {
  const data = await api.get(chatFirstScreenPaths(config.chatApiPath).conversations, {
    schema: loadChatParsers().then((p) => p.conversationListParser),
  });
  return data.conv_list;
}

/** The module's conversation list; shared by the page and its route's prefetch. */
export const conversationsQuery = (config: ChatModuleConfig) =>
  queryOptions({ queryKey: config.convMap, queryFn: () => listConversations(config), staleTime: 30_000 });

export function useConversations(config: ChatModuleConfig) {
  return useQuery(conversationsQuery(config));
}

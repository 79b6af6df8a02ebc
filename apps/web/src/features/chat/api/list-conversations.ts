import { useQuery } from '@tanstack/react-query';
import type { Conversation } from '@portal/contract';
import { api } from '../../../lib/api';
import { conversationListParser } from './parsers';
import type { ChatModuleConfig } from '../config/chat-modules';

export async function listConversations(config: ChatModuleConfig): Promise<Conversation[]> {
  const data = await api.get(`${config.chatApiPath}/conversation/list`, { schema: conversationListParser });
  return data.conv_list;
}

export function useConversations(config: ChatModuleConfig) {
  return useQuery({ queryKey: config.convMap, queryFn: () => listConversations(config), staleTime: 30_000 });
}

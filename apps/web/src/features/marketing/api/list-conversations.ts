import { useQuery } from '@tanstack/react-query';
import type { MarketingConversationList } from '@portal/contract';
import { api } from '../../../lib/api';
import { MARKETING_API, marketingKeys } from './keys';

export async function listMarketingConversations(): Promise<MarketingConversationList['conv_list']> {
  const data = await api.get<MarketingConversationList>(`${MARKETING_API}/conversation/list`);
  return data.conv_list;
}

export function useMarketingConversations() {
  return useQuery({ queryKey: marketingKeys.conversations(), queryFn: listMarketingConversations, staleTime: 30_000 });
}

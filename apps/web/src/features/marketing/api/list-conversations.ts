import { useQuery } from '@tanstack/react-query';
import type { MarketingConversationList } from '@portal/contract';
import { marketingEndpoints } from '@portal/contract/endpoints/marketing';
import { callEndpoint } from '../../../lib/call-endpoint';
import { marketingKeys } from './keys';

export async function listMarketingConversations(): Promise<MarketingConversationList['conv_list']> {
  const data = await callEndpoint(marketingEndpoints.conversationList);
  return data.conv_list;
}

export function useMarketingConversations() {
  return useQuery({ queryKey: marketingKeys.conversations(), queryFn: listMarketingConversations, staleTime: 30_000 });
}

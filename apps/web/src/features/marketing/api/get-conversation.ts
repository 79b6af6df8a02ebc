import { useQuery } from '@tanstack/react-query';
import type { MarketingConversationDetail } from '@portal/contract';
import { marketingEndpoints } from '@portal/contract/endpoints/marketing';
import { callEndpoint } from '../../../lib/call-endpoint';
import { marketingKeys } from './keys';

export function getMarketingConversation(convId: string): Promise<MarketingConversationDetail> {
  return callEndpoint(marketingEndpoints.conversationDetail, { query: { conv_id: convId } });
}

/** A conversation with its messages, their parsed sections and which analyses are saved. */
export function useMarketingConversation(convId: string) {
  return useQuery({
    queryKey: marketingKeys.detail(convId),
    queryFn: () => getMarketingConversation(convId),
    enabled: convId !== '',
    staleTime: 30_000,
  });
}

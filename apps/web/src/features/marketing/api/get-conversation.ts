import { useQuery } from '@tanstack/react-query';
import type { MarketingConversationDetail } from '@portal/contract';
import { api } from '../../../lib/api';
import { MARKETING_API, marketingKeys } from './keys';

export function getMarketingConversation(convId: string): Promise<MarketingConversationDetail> {
  return api.get<MarketingConversationDetail>(`${MARKETING_API}/conversation/detail`, { params: { conv_id: convId } });
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

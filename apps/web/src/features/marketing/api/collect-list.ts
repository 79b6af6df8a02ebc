import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MarketingCollectList, MarketingCollectListQuery } from '@portal/contract';
import { marketingEndpoints } from '@portal/contract/endpoints/marketing';
import { callEndpoint } from '../../../lib/call-endpoint';
import { marketingKeys } from './keys';

export function listCollections(query: MarketingCollectListQuery): Promise<MarketingCollectList> {
  // Empty filters are left out of the address, as the list page has always sent them.
  const sent: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') sent[key] = String(value);
  return callEndpoint(marketingEndpoints.collectList, { query: sent });
}

/** One page of saved cases; the previous page stays on screen while the next one loads. */
export function useCollections(query: MarketingCollectListQuery, enabled = true) {
  return useQuery({
    enabled,
    queryKey: marketingKeys.collectList(query),
    queryFn: () => listCollections(query),
    placeholderData: keepPreviousData,
  });
}

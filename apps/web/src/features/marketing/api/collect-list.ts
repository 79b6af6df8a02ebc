import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MarketingCollectList, MarketingCollectListQuery } from '@portal/contract';
import { api } from '../../../lib/api';
import { MARKETING_API, marketingKeys } from './keys';

export function listCollections(query: MarketingCollectListQuery): Promise<MarketingCollectList> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params[key] = String(value);
  return api.get<MarketingCollectList>(`${MARKETING_API}/collect/list`, { params });
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

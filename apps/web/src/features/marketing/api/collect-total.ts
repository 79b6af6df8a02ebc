import { useQuery } from '@tanstack/react-query';
import type { MarketingCollectTotal } from '@portal/contract';
import { api } from '../../../lib/api';
import { MARKETING_API, marketingKeys } from './keys';

export function getCollectTotal(): Promise<MarketingCollectTotal> {
  return api.get<MarketingCollectTotal>(`${MARKETING_API}/collect/total`);
}

/** How many cases are saved, and the tags in use (for the filter). */
export function useCollectTotal() {
  return useQuery({ queryKey: marketingKeys.collectTotal(), queryFn: getCollectTotal, staleTime: 30_000 });
}

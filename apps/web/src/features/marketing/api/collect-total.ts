import { useQuery } from '@tanstack/react-query';
import type { MarketingCollectTotal } from '@portal/contract';
import { marketingEndpoints } from '@portal/contract/endpoints/marketing';
import { callEndpoint } from '../../../lib/call-endpoint';
import { marketingKeys } from './keys';

export function getCollectTotal(): Promise<MarketingCollectTotal> {
  return callEndpoint(marketingEndpoints.collectTotal);
}

/** How many cases are saved, and the tags in use (for the filter). */
export function useCollectTotal() {
  return useQuery({ queryKey: marketingKeys.collectTotal(), queryFn: getCollectTotal, staleTime: 30_000 });
}

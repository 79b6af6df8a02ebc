import { callEndpoint } from '../../../lib/call-endpoint';
import { useQuery } from '@tanstack/react-query';
import { type AnalyticsDropped, type AnalyticsRangeQuery } from '@portal/contract';
import { analyticsEndpoints } from '@portal/contract/endpoints/analytics';
import { ANALYTICS_STALE_MS, analyticsQueryKey } from './query-keys';

export function getDropped(range: AnalyticsRangeQuery): Promise<AnalyticsDropped> {
  return callEndpoint(analyticsEndpoints.dropped, { query: range });
}

export function useDropped(range: AnalyticsRangeQuery) {
  return useQuery({
    queryKey: analyticsQueryKey('dropped', range),
    queryFn: () => getDropped(range),
    staleTime: ANALYTICS_STALE_MS,
  });
}

import { callEndpoint } from '../../../lib/call-endpoint';
import { useQuery } from '@tanstack/react-query';
import { type AnalyticsCycles, type AnalyticsRangeQuery } from '@portal/contract';
import { analyticsEndpoints } from '@portal/contract/endpoints/analytics';
import { ANALYTICS_STALE_MS, analyticsQueryKey } from './query-keys';

export function getCycles(range: AnalyticsRangeQuery): Promise<AnalyticsCycles> {
  return callEndpoint(analyticsEndpoints.cycles, { query: range });
}

export function useCycles(range: AnalyticsRangeQuery) {
  return useQuery({
    queryKey: analyticsQueryKey('cycles', range),
    queryFn: () => getCycles(range),
    staleTime: ANALYTICS_STALE_MS,
  });
}

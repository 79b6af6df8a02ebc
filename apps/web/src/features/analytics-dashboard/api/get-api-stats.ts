import { callEndpoint } from '../../../lib/call-endpoint';
import { useQuery } from '@tanstack/react-query';
import { type AnalyticsApi, type AnalyticsRangeQuery } from '@portal/contract';
import { analyticsEndpoints } from '@portal/contract/endpoints/analytics';
import { ANALYTICS_STALE_MS, analyticsQueryKey } from './query-keys';

export function getApiStats(range: AnalyticsRangeQuery): Promise<AnalyticsApi> {
  return callEndpoint(analyticsEndpoints.api, { query: range });
}

export function useApiStats(range: AnalyticsRangeQuery) {
  return useQuery({
    queryKey: analyticsQueryKey('api', range),
    queryFn: () => getApiStats(range),
    staleTime: ANALYTICS_STALE_MS,
  });
}

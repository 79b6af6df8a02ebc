import { callEndpoint } from '../../../lib/call-endpoint';
import { useQuery } from '@tanstack/react-query';
import { type AnalyticsOverview, type AnalyticsRangeQuery } from '@portal/contract';
import { analyticsEndpoints } from '@portal/contract/endpoints/analytics';
import { ANALYTICS_STALE_MS, analyticsQueryKey } from './query-keys';

export function getOverview(range: AnalyticsRangeQuery): Promise<AnalyticsOverview> {
  return callEndpoint(analyticsEndpoints.overview, { query: range });
}

export function useOverview(range: AnalyticsRangeQuery) {
  return useQuery({
    queryKey: analyticsQueryKey('overview', range),
    queryFn: () => getOverview(range),
    staleTime: ANALYTICS_STALE_MS,
  });
}

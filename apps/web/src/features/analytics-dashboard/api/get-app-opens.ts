import { callEndpoint } from '../../../lib/call-endpoint';
import { useQuery } from '@tanstack/react-query';
import { type AnalyticsAppOpens, type AnalyticsRangeQuery } from '@portal/contract';
import { analyticsEndpoints } from '@portal/contract/endpoints/analytics';
import { ANALYTICS_STALE_MS, analyticsQueryKey } from './query-keys';

export function getAppOpens(range: AnalyticsRangeQuery): Promise<AnalyticsAppOpens> {
  return callEndpoint(analyticsEndpoints.appOpens, { query: range });
}

export function useAppOpens(range: AnalyticsRangeQuery) {
  return useQuery({
    queryKey: analyticsQueryKey('app-opens', range),
    queryFn: () => getAppOpens(range),
    staleTime: ANALYTICS_STALE_MS,
  });
}

import { callEndpoint } from '../../../lib/call-endpoint';
import { useQuery } from '@tanstack/react-query';
import { type AnalyticsAppDetail, type AnalyticsRangeQuery } from '@portal/contract';
import { analyticsEndpoints } from '@portal/contract/endpoints/analytics';
import { ANALYTICS_STALE_MS, analyticsQueryKey } from './query-keys';

export function getAppDetail(range: AnalyticsRangeQuery, appKey: string): Promise<AnalyticsAppDetail> {
  return callEndpoint(analyticsEndpoints.app, { query: { ...range, app_key: appKey } });
}

/** Fetches only while an app is selected. */
export function useAppDetail(range: AnalyticsRangeQuery, appKey: string | undefined) {
  return useQuery({
    queryKey: analyticsQueryKey('app', range, appKey ?? ''),
    queryFn: () => getAppDetail(range, appKey ?? ''),
    enabled: appKey !== undefined,
    staleTime: ANALYTICS_STALE_MS,
  });
}

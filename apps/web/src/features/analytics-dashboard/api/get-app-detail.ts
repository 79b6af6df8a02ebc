import { useQuery } from '@tanstack/react-query';
import { analyticsAppDetailSchema, type AnalyticsAppDetail, type AnalyticsRangeQuery } from '@portal/contract';
import { api } from '../../../lib/api';
import { ANALYTICS_STALE_MS, analyticsQueryKey } from './query-keys';

export function getAppDetail(range: AnalyticsRangeQuery, appKey: string): Promise<AnalyticsAppDetail> {
  return api.get('/api/analytics/admin/app', {
    params: { ...range, app_key: appKey },
    schema: analyticsAppDetailSchema,
  });
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

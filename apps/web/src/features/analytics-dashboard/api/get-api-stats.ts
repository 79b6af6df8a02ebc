import { useQuery } from '@tanstack/react-query';
import { analyticsApiSchema, type AnalyticsApi, type AnalyticsRangeQuery } from '@portal/contract';
import { api } from '../../../lib/api';
import { ANALYTICS_STALE_MS, analyticsQueryKey } from './query-keys';

export function getApiStats(range: AnalyticsRangeQuery): Promise<AnalyticsApi> {
  return api.get('/api/analytics/admin/api', { params: { ...range }, schema: analyticsApiSchema });
}

export function useApiStats(range: AnalyticsRangeQuery) {
  return useQuery({
    queryKey: analyticsQueryKey('api', range),
    queryFn: () => getApiStats(range),
    staleTime: ANALYTICS_STALE_MS,
  });
}

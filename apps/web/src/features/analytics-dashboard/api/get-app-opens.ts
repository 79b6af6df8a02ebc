import { useQuery } from '@tanstack/react-query';
import { analyticsAppOpensSchema, type AnalyticsAppOpens, type AnalyticsRangeQuery } from '@portal/contract';
import { api } from '../../../lib/api';
import { ANALYTICS_STALE_MS, analyticsQueryKey } from './query-keys';

export function getAppOpens(range: AnalyticsRangeQuery): Promise<AnalyticsAppOpens> {
  return api.get('/api/analytics/admin/app-opens', { params: { ...range }, schema: analyticsAppOpensSchema });
}

export function useAppOpens(range: AnalyticsRangeQuery) {
  return useQuery({
    queryKey: analyticsQueryKey('app-opens', range),
    queryFn: () => getAppOpens(range),
    staleTime: ANALYTICS_STALE_MS,
  });
}

import { useQuery } from '@tanstack/react-query';
import { analyticsOverviewSchema, type AnalyticsOverview, type AnalyticsRangeQuery } from '@portal/contract';
import { api } from '../../../lib/api';
import { ANALYTICS_STALE_MS, analyticsQueryKey } from './query-keys';

export function getOverview(range: AnalyticsRangeQuery): Promise<AnalyticsOverview> {
  return api.get('/api/analytics/admin/overview', { params: { ...range }, schema: analyticsOverviewSchema });
}

export function useOverview(range: AnalyticsRangeQuery) {
  return useQuery({
    queryKey: analyticsQueryKey('overview', range),
    queryFn: () => getOverview(range),
    staleTime: ANALYTICS_STALE_MS,
  });
}

import { useQuery } from '@tanstack/react-query';
import { analyticsCyclesSchema, type AnalyticsCycles, type AnalyticsRangeQuery } from '@portal/contract';
import { api } from '../../../lib/api';
import { ANALYTICS_STALE_MS, analyticsQueryKey } from './query-keys';

export function getCycles(range: AnalyticsRangeQuery): Promise<AnalyticsCycles> {
  return api.get('/api/analytics/admin/cycles', { params: { ...range }, schema: analyticsCyclesSchema });
}

export function useCycles(range: AnalyticsRangeQuery) {
  return useQuery({
    queryKey: analyticsQueryKey('cycles', range),
    queryFn: () => getCycles(range),
    staleTime: ANALYTICS_STALE_MS,
  });
}

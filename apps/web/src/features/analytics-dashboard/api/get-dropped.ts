import { useQuery } from '@tanstack/react-query';
import { analyticsDroppedSchema, type AnalyticsDropped, type AnalyticsRangeQuery } from '@portal/contract';
import { api } from '../../../lib/api';
import { ANALYTICS_STALE_MS, analyticsQueryKey } from './query-keys';

export function getDropped(range: AnalyticsRangeQuery): Promise<AnalyticsDropped> {
  return api.get('/api/analytics/admin/dropped', { params: { ...range }, schema: analyticsDroppedSchema });
}

export function useDropped(range: AnalyticsRangeQuery) {
  return useQuery({
    queryKey: analyticsQueryKey('dropped', range),
    queryFn: () => getDropped(range),
    staleTime: ANALYTICS_STALE_MS,
  });
}

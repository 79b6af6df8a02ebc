import { useQuery } from '@tanstack/react-query';
import { analyticsScriptErrorsSchema, type AnalyticsRangeQuery, type AnalyticsScriptErrors } from '@portal/contract';
import { api } from '../../../lib/api';
import { ANALYTICS_STALE_MS, analyticsQueryKey } from './query-keys';

export function getScriptErrors(range: AnalyticsRangeQuery): Promise<AnalyticsScriptErrors> {
  return api.get('/api/analytics/admin/script-errors', { params: { ...range }, schema: analyticsScriptErrorsSchema });
}

export function useScriptErrors(range: AnalyticsRangeQuery) {
  return useQuery({
    queryKey: analyticsQueryKey('script-errors', range),
    queryFn: () => getScriptErrors(range),
    staleTime: ANALYTICS_STALE_MS,
  });
}

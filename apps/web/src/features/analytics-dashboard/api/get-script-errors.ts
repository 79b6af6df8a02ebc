import { callEndpoint } from '../../../lib/call-endpoint';
import { useQuery } from '@tanstack/react-query';
import { type AnalyticsRangeQuery, type AnalyticsScriptErrors } from '@portal/contract';
import { analyticsEndpoints } from '@portal/contract/endpoints/analytics';
import { ANALYTICS_STALE_MS, analyticsQueryKey } from './query-keys';

export function getScriptErrors(range: AnalyticsRangeQuery): Promise<AnalyticsScriptErrors> {
  return callEndpoint(analyticsEndpoints.scriptErrors, { query: range });
}

export function useScriptErrors(range: AnalyticsRangeQuery) {
  return useQuery({
    queryKey: analyticsQueryKey('script-errors', range),
    queryFn: () => getScriptErrors(range),
    staleTime: ANALYTICS_STALE_MS,
  });
}

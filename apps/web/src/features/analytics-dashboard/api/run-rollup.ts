import { callEndpoint } from '../../../lib/call-endpoint';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AnalyticsRollupResult } from '@portal/contract';
import { analyticsEndpoints } from '@portal/contract/endpoints/analytics';
import { ANALYTICS_QUERY_ROOT } from './query-keys';

/** Rolls up the days that received events since the last run, so the dashboard shows the latest figures. */
export function runRollup(): Promise<AnalyticsRollupResult> {
  return callEndpoint(analyticsEndpoints.rollup, { body: {} });
}

export function useRunRollup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runRollup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ANALYTICS_QUERY_ROOT }),
  });
}

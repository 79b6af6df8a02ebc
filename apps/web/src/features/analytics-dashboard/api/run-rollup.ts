import { useMutation, useQueryClient } from '@tanstack/react-query';
import { analyticsRollupResultSchema, type AnalyticsRollupResult } from '@portal/contract';
import { api } from '../../../lib/api';
import { ANALYTICS_QUERY_ROOT } from './query-keys';

/** Rolls up the days that received events since the last run, so the dashboard shows the latest figures. */
export function runRollup(): Promise<AnalyticsRollupResult> {
  return api.post('/api/analytics/admin/rollup', {}, { schema: analyticsRollupResultSchema });
}

export function useRunRollup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runRollup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ANALYTICS_QUERY_ROOT }),
  });
}

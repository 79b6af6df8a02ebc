import { useMutation, useQueryClient } from '@tanstack/react-query';
import { QUOTA_API_PATHS, quotaRuleViewSchema, type QuotaRuleInput } from '@portal/contract';
import { api } from '../../../lib/api';
import { consoleKey } from './query-keys';

export const setQuota = (rule: QuotaRuleInput) => api.post(QUOTA_API_PATHS.set, rule, { schema: quotaRuleViewSchema });

export function useSetQuota() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setQuota,
    onSuccess: () => client.invalidateQueries({ queryKey: consoleKey('quotas') }),
  });
}

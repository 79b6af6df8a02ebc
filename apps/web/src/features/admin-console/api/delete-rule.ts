import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_API_PATHS, type AccessRule } from '@portal/contract';
import { api } from '../../../lib/api';
import { CONSOLE_QUERY_ROOT } from './query-keys';

export const deleteRule = (rule: Omit<AccessRule, 'effect'>) => api.post(ADMIN_API_PATHS.deleteRule, rule);

export function useDeleteRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteRule,
    onSuccess: () => client.invalidateQueries({ queryKey: CONSOLE_QUERY_ROOT }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_API_PATHS, type AccessRule } from '@portal/contract';
import { api } from '../../../lib/api';
import { CONSOLE_QUERY_ROOT } from './query-keys';

export const setRule = (rule: AccessRule) => api.post(ADMIN_API_PATHS.setRule, rule);

export function useSetRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setRule,
    onSuccess: () => client.invalidateQueries({ queryKey: CONSOLE_QUERY_ROOT }),
  });
}

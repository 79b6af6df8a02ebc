import { useMutation, useQueryClient } from '@tanstack/react-query';
import { QUOTA_API_PATHS } from '@portal/contract';
import { api } from '../../../lib/api';
import { consoleKey } from './query-keys';

export const deleteQuota = (id: number) => api.post(QUOTA_API_PATHS.delete, { id });

export function useDeleteQuota() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteQuota,
    onSuccess: () => client.invalidateQueries({ queryKey: consoleKey('quotas') }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CONSOLE_API_PATHS } from '@portal/contract';
import { api } from '../../../lib/api';
import { CONSOLE_QUERY_ROOT } from './query-keys';

export const denyAccessRequest = (v: { id: number; reason: string }) => api.post(CONSOLE_API_PATHS.denyRequest, v);

export function useDenyAccessRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: denyAccessRequest,
    onSuccess: () => client.invalidateQueries({ queryKey: CONSOLE_QUERY_ROOT }),
  });
}

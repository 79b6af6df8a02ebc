import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CONSOLE_API_PATHS } from '@portal/contract';
import { api } from '../../../lib/api';
import { CONSOLE_QUERY_ROOT } from './query-keys';

/** Approving writes an allow rule for the requester. */
export const approveAccessRequest = (id: number) => api.post(CONSOLE_API_PATHS.approveRequest, { id });

export function useApproveAccessRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: approveAccessRequest,
    onSuccess: () => client.invalidateQueries({ queryKey: CONSOLE_QUERY_ROOT }),
  });
}

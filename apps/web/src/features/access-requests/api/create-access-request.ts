import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accessRequestSchema } from '@portal/contract';
import { api } from '../../../lib/api';
import { MY_REQUESTS_KEY } from './get-my-access-requests';

/** `POST /api/app/access-request`: ask the administrators for an app (申请权限). */
export const createAccessRequest = (v: { app_key: string; reason: string }) =>
  api.post('/api/app/access-request', v, { schema: accessRequestSchema });

export function useCreateAccessRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createAccessRequest,
    onSuccess: () => client.invalidateQueries({ queryKey: MY_REQUESTS_KEY }),
  });
}

import { callEndpoint } from '../../../lib/call-endpoint';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { appEndpoints } from '@portal/contract/endpoints/portal';
import { MY_REQUESTS_KEY } from './get-my-access-requests';

/** `POST /api/app/access-request`: ask the administrators for an app (申请权限). */
export const createAccessRequest = (v: { app_key: string; reason: string }) =>
  callEndpoint(appEndpoints.requestAccess, { body: v });

export function useCreateAccessRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createAccessRequest,
    onSuccess: () => client.invalidateQueries({ queryKey: MY_REQUESTS_KEY }),
  });
}

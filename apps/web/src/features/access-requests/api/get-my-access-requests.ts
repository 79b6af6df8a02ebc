import { callEndpoint } from '../../../lib/call-endpoint';
import { useQuery } from '@tanstack/react-query';
import { appEndpoints } from '@portal/contract/endpoints/portal';

export const MY_REQUESTS_KEY = ['access-requests', 'mine'] as const;

/** `GET /api/app/access-requests`: the signed-in person's own requests, newest first. */
export const getMyAccessRequests = () => callEndpoint(appEndpoints.myRequests);

export function useMyAccessRequests() {
  return useQuery({ queryKey: MY_REQUESTS_KEY, queryFn: getMyAccessRequests, refetchOnWindowFocus: true });
}

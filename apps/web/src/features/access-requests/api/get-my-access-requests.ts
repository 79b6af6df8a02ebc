import { useQuery } from '@tanstack/react-query';
import { accessRequestListResponseSchema } from '@portal/contract';
import { api } from '../../../lib/api';

export const MY_REQUESTS_KEY = ['access-requests', 'mine'] as const;

/** `GET /api/app/access-requests`: the signed-in person's own requests, newest first. */
export const getMyAccessRequests = () =>
  api.get('/api/app/access-requests', { schema: accessRequestListResponseSchema });

export function useMyAccessRequests() {
  return useQuery({ queryKey: MY_REQUESTS_KEY, queryFn: getMyAccessRequests, refetchOnWindowFocus: true });
}

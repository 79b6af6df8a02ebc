import { useQuery } from '@tanstack/react-query';
import type { AccessRequestListResponse } from '@portal/contract';
import { appEndpoints } from '@portal/contract/endpoints/portal';
import { callEndpoint } from '../../../lib/call-endpoint';

export const MY_REQUESTS_KEY = ['access-requests', 'mine'] as const;
/** How often a page waiting for an administrator's decision asks again: the answer shows within seconds. */
export const DECISION_POLL_MS = 3000;

/**
 * `GET /api/app/access-requests`: the signed-in person's own requests, newest first. A grant moves
 * the person's rights, so this call may answer 1004: the new rights are taken in quietly, since the
 * waiting page shows them itself.
 */
export const getMyAccessRequests = () => callEndpoint(appEndpoints.myRequests, { quietRightsChange: true });

/**
 * The person's requests; asked again every few seconds while `watch` says a decision is still to
 * arrive for the page (a pending request, or a grant whose rights have not reached the page yet).
 */
export function useMyAccessRequests(watch?: (data: AccessRequestListResponse | undefined) => boolean) {
  return useQuery({
    queryKey: MY_REQUESTS_KEY,
    queryFn: getMyAccessRequests,
    refetchOnWindowFocus: true,
    refetchInterval: (query) => (watch?.(query.state.data) ? DECISION_POLL_MS : false),
    refetchIntervalInBackground: true,
  });
}

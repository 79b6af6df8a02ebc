import { useQuery } from '@tanstack/react-query';
import { accessRequestListResponseSchema, CONSOLE_API_PATHS, type AccessRequestStatus } from '@portal/contract';
import { api } from '../../../lib/api';
import { consoleKey } from './query-keys';

export const getAccessRequests = (status?: AccessRequestStatus) =>
  api.get(CONSOLE_API_PATHS.accessRequests, {
    params: status ? { status } : {},
    schema: accessRequestListResponseSchema,
  });

export function useAccessRequests(status?: AccessRequestStatus) {
  return useQuery({ queryKey: consoleKey('requests', status), queryFn: () => getAccessRequests(status) });
}

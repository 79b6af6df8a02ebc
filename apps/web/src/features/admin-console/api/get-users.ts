import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_API_PATHS, adminUserListResponseSchema } from '@portal/contract';
import { api } from '../../../lib/api';
import { consoleKey, PREFETCH_FRESH_MS } from './query-keys';

export const getUsers = (q: string) =>
  api.get(ADMIN_API_PATHS.listUsers, { params: q ? { q } : {}, schema: adminUserListResponseSchema });

/** The people tab's list for a search; shared by the tab and the route's prefetch. */
export const usersQuery = (q: string) =>
  queryOptions({ queryKey: consoleKey('users', q), queryFn: () => getUsers(q), staleTime: PREFETCH_FRESH_MS });

export function useUsers(q: string) {
  return useQuery(usersQuery(q));
}

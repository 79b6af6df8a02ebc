import { useQuery } from '@tanstack/react-query';
import { ADMIN_API_PATHS, adminUserListResponseSchema } from '@portal/contract';
import { api } from '../../../lib/api';
import { consoleKey } from './query-keys';

export const getUsers = (q: string) =>
  api.get(ADMIN_API_PATHS.listUsers, { params: q ? { q } : {}, schema: adminUserListResponseSchema });

export function useUsers(q: string) {
  return useQuery({ queryKey: consoleKey('users', q), queryFn: () => getUsers(q) });
}

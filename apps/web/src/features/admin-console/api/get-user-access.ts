import { useQuery } from '@tanstack/react-query';
import { CONSOLE_API_PATHS, userAccessResponseSchema } from '@portal/contract';
import { api } from '../../../lib/api';
import { consoleKey } from './query-keys';

/** What this person can open, and by which rule. */
export const getUserAccess = (userId: number) =>
  api.get(CONSOLE_API_PATHS.userAccess, { params: { user_id: userId }, schema: userAccessResponseSchema });

export function useUserAccess(userId: number | undefined) {
  return useQuery({
    queryKey: consoleKey('user-access', userId),
    queryFn: () => getUserAccess(userId ?? 0),
    enabled: userId !== undefined,
  });
}

import { useQuery } from '@tanstack/react-query';
import { appAccessResponseSchema, CONSOLE_API_PATHS } from '@portal/contract';
import { api } from '../../../lib/api';
import { consoleKey } from './query-keys';

/** Who can open this app (people who signed in), and the rules naming it. */
export const getAppAccess = (appKey: string) =>
  api.get(CONSOLE_API_PATHS.appAccess, { params: { app_key: appKey }, schema: appAccessResponseSchema });

export function useAppAccess(appKey: string | undefined) {
  return useQuery({
    queryKey: consoleKey('app-access', appKey),
    queryFn: () => getAppAccess(appKey ?? ''),
    enabled: !!appKey,
  });
}

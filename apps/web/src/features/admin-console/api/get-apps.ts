import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_API_PATHS, adminAppListResponseSchema } from '@portal/contract';
import { api } from '../../../lib/api';
import { consoleKey, PREFETCH_FRESH_MS } from './query-keys';

export const getApps = () => api.get(ADMIN_API_PATHS.listApps, { schema: adminAppListResponseSchema });

/** The apps tab's list; shared by the tab and the route's prefetch. */
export const appsQuery = () =>
  queryOptions({ queryKey: consoleKey('apps'), queryFn: getApps, staleTime: PREFETCH_FRESH_MS });

export function useApps() {
  return useQuery(appsQuery());
}

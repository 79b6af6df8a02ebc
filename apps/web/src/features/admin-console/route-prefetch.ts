import type { QueryClient } from '@tanstack/react-query';
import { appsQuery } from './api/get-apps';
import { usersQuery } from './api/get-users';

/**
 * Starts the open console tab's first request together with the route's chunk; the tab's query
 * picks it up. `tab` is the `?tab=` value (the apps tab when absent). Tabs whose first request
 * depends on their own filters ask for themselves.
 */
export function prefetchAdminConsole(queryClient: QueryClient, tab: string | null): void {
  if (!tab || tab === 'apps') void queryClient.prefetchQuery(appsQuery());
  else if (tab === 'people') void queryClient.prefetchQuery(usersQuery(''));
}

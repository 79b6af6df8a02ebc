import { appListQuery } from '../features/catalogue/api/get-app-list';
import { useUserStore } from '../features/auth/store/user-store';
import { runtimeConfigLoaded } from '../lib/runtime-config';
import { queryClient } from './query-client';

/**
 * Route loaders that start a page's first request together with the page's chunk instead of after
 * its component has rendered. They never hold the navigation: the page shows its skeleton and the
 * query picks up the request already under way. Signed out, the shell's guard redirects and
 * nothing is asked.
 */
export function prefetchCatalogue(): null {
  if (useUserStore.getState().isLogin) {
    void runtimeConfigLoaded().then(() => queryClient.prefetchQuery(appListQuery));
  }
  return null;
}

import { appListQuery } from '../features/catalogue/api/get-app-list';
import { useUserStore } from '../features/auth/store/user-store';
import { appKeyOfRoute, canOpenApp } from '../lib/rights';
import { runtimeConfigLoaded } from '../lib/runtime-config';
import type { LoaderFunctionArgs } from 'react-router';
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

/**
 * A chat module's route loader: the conversation list, usage and models are asked while the chat
 * screens' chunk is still loading, not after the page has rendered. Loaders run beside the shell's
 * guard, not after it: an account without the app asks nothing (the guard sends it to /landing),
 * so a forbidden address costs no 403s and no error toast.
 */
export function prefetchChat(module: string): () => null {
  return () => {
    const { isLogin, accountInfo } = useUserStore.getState();
    if (isLogin && canOpenApp(accountInfo, appKeyOfRoute(module))) {
      void Promise.all([runtimeConfigLoaded(), import('../features/chat/route-prefetch')])
        .then(([, chat]) => chat.prefetchChatQueries(queryClient, module))
        // A failed chunk or config leaves the page to ask for itself, as without the prefetch.
        .catch(() => undefined);
    }
    return null;
  };
}

/** /admin's loader: the open tab's first request starts with the route (administrators only). */
export function prefetchAdmin({ request }: LoaderFunctionArgs): null {
  const user = useUserStore.getState();
  if (user.isLogin && user.accountInfo?.is_admin) {
    const tab = new URL(request.url).searchParams.get('tab');
    void Promise.all([runtimeConfigLoaded(), import('../features/admin-console/route-prefetch')])
      .then(([, admin]) => admin.prefetchAdminConsole(queryClient, tab))
      .catch(() => undefined);
  }
  return null;
}

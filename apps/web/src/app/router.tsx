import { createBrowserRouter, matchRoutes, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { useUserStore } from '../features/auth/store/user-store';
import { registerRoutes } from '../lib/route-registry';
import { guard } from './guard';
import { routeNamesOf } from './route-handle';
import { appRoutes } from './routes';
import { RootShell } from './root-shell';
import { RouteError } from './route-error';
import { BootLoading } from '../components/boot-loading';

/** Runs the guard for the wanted address; on every navigation and on `router.revalidate()`. */
export function guardLoader(routes: RouteObject[]) {
  // The shell revalidates on every navigation, often for the address it has just matched: the
  // route names of the last address are kept rather than matched again through the whole table.
  let last: { pathname: string; routeNames: readonly string[] } | undefined;
  const routeNamesAt = (pathname: string) => {
    if (last?.pathname !== pathname) last = { pathname, routeNames: routeNamesOf(matchRoutes(routes, pathname) ?? []) };
    return last.routeNames;
  };
  return ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const { isLogin, accountInfo } = useUserStore.getState();
    const result = guard({
      routeNames: routeNamesAt(url.pathname),
      fullPath: url.pathname + url.search + url.hash,
      isLogin,
      accountInfo,
    });
    if (!result.allow) throw redirect(result.redirect);
    return null;
  };
}

export function buildRouteTable(): RouteObject[] {
  const table: RouteObject[] = [
    {
      id: 'shell',
      path: '/',
      Component: RootShell,
      ErrorBoundary: RouteError,
      HydrateFallback: BootLoading,
      shouldRevalidate: () => true,
      children: appRoutes,
    },
  ];
  table[0]!.loader = guardLoader(table);
  return table;
}

export function createAppRouter() {
  const table = buildRouteTable();
  registerRoutes(table);
  return createBrowserRouter(table);
}

export type AppRouter = ReturnType<typeof createAppRouter>;

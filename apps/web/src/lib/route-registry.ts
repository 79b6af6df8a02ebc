import { matchRoutes, type RouteObject } from 'react-router';

let routes: RouteObject[] = [];

/** The router registers its table so features can ask "is this an in-app address?" without importing app/. */
export function registerRoutes(table: RouteObject[]): void {
  routes = table;
}

/** True when a path (with optional query/hash) matches a route other than the catch-all. */
export function isKnownRoute(path: string, table: RouteObject[] = routes): boolean {
  if (!path.startsWith('/') || path.startsWith('//')) return false;
  const pathname = path.split(/[?#]/)[0] ?? '/';
  const matches = matchRoutes(table, pathname);
  if (!matches?.length) return false;
  return matches[matches.length - 1]?.route.path !== '*';
}

import type { UIMatch } from 'react-router';

export interface RouteHandle {
  /** The route name: the top-level one identifies the current app. */
  name?: string;
  /** Page title shown by the module page (spec section 2). */
  title?: string;
  /** The red detail page hides the module tab list. */
  hideTabs?: boolean;
}

export function handleOf(match: { route: { handle?: unknown } } | { handle?: unknown }): RouteHandle {
  const handle = 'route' in match ? match.route.handle : match.handle;
  return handle && typeof handle === 'object' ? (handle as RouteHandle) : {};
}

export function routeNamesOf(matches: readonly ({ route: { handle?: unknown } } | UIMatch)[]): string[] {
  return matches.map((m) => handleOf(m).name).filter((name): name is string => !!name);
}

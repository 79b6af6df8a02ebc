import { redirect, type RouteObject } from 'react-router';
import type { RouteHandle } from './route-handle';

/** A loader that sends the bare path on to one of its pages. */
export const to = (path: string) => () => redirect(path);

const modulePage = () => import('./routes/module-page').then((m) => ({ Component: m.default }));

/** A page of a module, shown by the shared module page until the module's folder gives its own. */
export function leaf(path: string, handle: RouteHandle): RouteObject {
  return { path, handle, lazy: modulePage };
}

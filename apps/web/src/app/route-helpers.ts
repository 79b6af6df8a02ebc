import type { RouteObject } from 'react-router';
import type { RouteHandle } from './route-handle';

export { redirectTo, to } from '../lib/redirect-route';

const modulePage = () => import('./routes/module-page').then((m) => ({ Component: m.default }));

/** A page of a module, shown by the shared module page until the module's folder gives its own. */
export function leaf(path: string, handle: RouteHandle): RouteObject {
  return { path, handle, lazy: modulePage };
}

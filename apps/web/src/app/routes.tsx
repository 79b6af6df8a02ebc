import type { RouteObject } from 'react-router';
import { MODULE_ROUTES, type ModuleRoute } from '@portal/contract';
import type { RouteHandle } from './route-handle';
import { prefetchAdmin, prefetchCatalogue, prefetchChat } from './route-prefetch';
import { leaf, redirectTo } from './route-helpers';
import { moduleExtraPages, toolRoutes, webModules, type WebModulePages } from './web-modules';

/** A module with welcome and session pages; the bare module path opens `start`. */
function chatModule(
  name: string,
  titles: { welcome?: string; session?: string } = {},
  start = 'welcome',
  pages?: WebModulePages,
  extra: RouteObject[] = [],
): RouteObject {
  return {
    path: name,
    handle: { name } satisfies RouteHandle,
    // Both pages show the module's conversation list and usage: ask for them with the route.
    ...(pages && { loader: prefetchChat(name) }),
    children: [
      { index: true, ...redirectTo(`/${name}/${start}`) },
      { ...leaf('welcome', { name: `${name}-welcome`, title: titles.welcome }), ...(pages && { lazy: pages.welcome }) },
      { ...leaf('session', { name: `${name}-session`, title: titles.session }), ...(pages && { lazy: pages.session }) },
      ...extra,
    ],
  };
}

/**
 * A module's routes, by its kind in the module table; its pages are those of its family's module
 * folder (session modules without one still show their welcome card).
 */
function moduleRoutes(module: ModuleRoute): RouteObject {
  const path = module.path.replace(/^\//, '');
  const pages = module.family && webModules[module.family];
  switch (module.kind) {
    case 'chat':
      return chatModule(path, {}, 'welcome', pages, moduleExtraPages[module.name]?.());
    case 'session':
      return chatModule(path, { welcome: module.title, session: module.sessionTitle }, 'welcome', pages);
    case 'tool':
      return toolRoutes[module.name]?.() ?? leaf(path, { name: module.name });
    case 'embedded':
      return { ...leaf(path, { name: module.name, title: module.title }), ...(pages && { lazy: pages.welcome }) };
  }
}

/** Pages inside the side bar and header. */
const layoutChildren: RouteObject[] = [
  {
    path: 'home',
    handle: { name: 'home' } satisfies RouteHandle,
    loader: prefetchCatalogue,
    lazy: () => import('./routes/home').then((m) => ({ Component: m.default })),
  },
  {
    path: 'admin',
    handle: { name: 'admin' } satisfies RouteHandle,
    loader: prefetchAdmin,
    lazy: () => import('./routes/admin').then((m) => ({ Component: m.default })),
  },
  ...MODULE_ROUTES.map(moduleRoutes),
];

/** Every route of section 2; each page is its own lazy chunk. The shell route guards them all. */
export const appRoutes: RouteObject[] = [
  { index: true, handle: { name: 'root' } satisfies RouteHandle, ...redirectTo('/home') },
  {
    path: 'login',
    handle: { name: 'login' } satisfies RouteHandle,
    lazy: () => import('./routes/login').then((m) => ({ Component: m.default })),
  },
  {
    path: 'landing',
    handle: { name: 'landing' } satisfies RouteHandle,
    lazy: () => import('./routes/landing').then((m) => ({ Component: m.default })),
  },
  {
    path: 'preview',
    handle: { name: 'preview' } satisfies RouteHandle,
    lazy: () => import('./routes/preview').then((m) => ({ Component: m.default })),
  },
  leaf('dev', { name: 'dev' }),
  leaf('prompt', { name: 'prompt' }),
  { lazy: () => import('./layouts/app-layout').then((m) => ({ Component: m.default })), children: layoutChildren },
  { path: '*', ...redirectTo('/') },
];

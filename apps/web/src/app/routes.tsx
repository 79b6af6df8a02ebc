import { redirect, type RouteObject } from 'react-router';
import { MODULE_ROUTES, type ModuleName, type ModuleRoute } from '@portal/contract';
import type { RouteHandle } from './route-handle';
import { prefetchAdmin, prefetchCatalogue, prefetchChat } from './route-prefetch';
import { webModules, type WebModulePages } from './web-modules';

const to = (path: string) => () => redirect(path);

const modulePage = () => import('./routes/module-page').then((m) => ({ Component: m.default }));

function leaf(path: string, handle: RouteHandle): RouteObject {
  return { path, handle, lazy: modulePage };
}

/** A module with welcome and session pages; the bare module path opens `start`. */
function chatModule(
  name: string,
  titles: { welcome?: string; session?: string } = {},
  start = 'welcome',
  pages?: WebModulePages,
): RouteObject {
  return {
    path: name,
    handle: { name } satisfies RouteHandle,
    // Both pages show the module's conversation list and usage: ask for them with the route.
    ...(pages && { loader: prefetchChat(name) }),
    children: [
      { index: true, loader: to(`/${name}/${start}`) },
      { ...leaf('welcome', { name: `${name}-welcome`, title: titles.welcome }), ...(pages && { lazy: pages.welcome }) },
      { ...leaf('session', { name: `${name}-session`, title: titles.session }), ...(pages && { lazy: pages.session }) },
    ],
  };
}

/** A tool's own pages; the module table gives its path and name. */
const redPages = (): RouteObject => ({
  path: 'red',
  handle: { name: 'red' } satisfies RouteHandle,
  lazy: () => import('./routes/red-layout').then((m) => ({ Component: m.default })),
  children: [
    { index: true, loader: to('/red/overview') },
    {
      path: 'overview',
      handle: { name: 'red-overview', title: '订阅品类洞察' } satisfies RouteHandle,
      children: [
        { index: true, loader: to('/red/overview/insight') },
        leaf('insight', { name: 'red-overview-insight', title: '订阅品类洞察' }),
        leaf('collection', { name: 'red-overview-collection', title: '订阅品类洞察' }),
      ],
    },
    {
      path: 'top',
      handle: { name: 'red-top', title: '平台热点话题' } satisfies RouteHandle,
      children: [
        { index: true, loader: to('/red/top/hot') },
        leaf('hot', { name: 'red-top-hot', title: '平台热点话题' }),
        leaf('newest', { name: 'red-top-newest', title: '平台热点话题' }),
      ],
    },
    leaf('pdftest', { name: 'red-pdftest' }),
    leaf('detail', { name: 'red-detail', hideTabs: true }),
  ],
});

const addbgPages = (): RouteObject => ({
  path: 'addbg',
  handle: { name: 'addbg' } satisfies RouteHandle,
  children: [
    { index: true, loader: to('/addbg/workbench') },
    leaf('welcome', { name: 'addbg-welcome' }),
    leaf('workbench', { name: 'addbg-workbench' }),
  ],
});

/** Tools whose pages are their own; every other module's routes follow from its kind. */
const toolPages: Partial<Record<ModuleName, () => RouteObject>> = { red: redPages, addbg: addbgPages };

/**
 * A module's routes, by its kind in the module table; its pages are those of its family's module
 * folder (session modules without one still show their welcome card).
 */
function moduleRoutes(module: ModuleRoute): RouteObject {
  const path = module.path.replace(/^\//, '');
  const pages = module.family && webModules[module.family];
  switch (module.kind) {
    case 'chat':
      return chatModule(path, {}, 'welcome', pages);
    case 'session':
      return chatModule(path, { welcome: module.title, session: module.sessionTitle }, 'welcome', pages);
    case 'tool':
      return toolPages[module.name]?.() ?? leaf(path, { name: module.name });
    case 'embedded':
      return leaf(path, { name: module.name });
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
  { index: true, handle: { name: 'root' } satisfies RouteHandle, loader: to('/home') },
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
  leaf('preview', { name: 'preview' }),
  leaf('dev', { name: 'dev' }),
  leaf('prompt', { name: 'prompt' }),
  { lazy: () => import('./layouts/app-layout').then((m) => ({ Component: m.default })), children: layoutChildren },
  { path: '*', loader: to('/') },
];

import { redirect, type RouteObject } from 'react-router';
import { MODULE_ROUTES, type ModuleName, type ModuleRoute } from '@portal/contract';
import type { RouteHandle } from './route-handle';
import { prefetchAdmin, prefetchCatalogue, prefetchChat } from './route-prefetch';

const to = (path: string) => () => redirect(path);

const modulePage = () => import('./routes/module-page').then((m) => ({ Component: m.default }));

/** The industry report screens (行业分析报告). */
const reportPages = {
  welcome: () => import('../features/report').then((m) => ({ Component: m.ReportWelcomePage })),
  session: () => import('../features/report').then((m) => ({ Component: m.ReportSessionPage })),
};

/** The chat apps' own screens, one chunk each: the welcome screen needs little of the session's code. */
const chatPages = {
  welcome: () => import('../features/chat/welcome-screen').then((m) => ({ Component: m.ChatWelcomePage })),
  session: () => import('../features/chat/session-screen').then((m) => ({ Component: m.ChatSessionPage })),
};

/** The session tools' screens (brainstorm, insight and pdf share them). */
const toolSessionPages = {
  welcome: () => import('../features/sessions').then((m) => ({ Component: m.SessionWelcomePage })),
  session: () => import('../features/sessions').then((m) => ({ Component: m.SessionPage })),
};
const marketingPage = () => import('../features/marketing').then((m) => ({ Component: m.MarketingPage }));

/**
 * Session modules built on the module platform; the others still show their welcome card. The
 * session tools are named here rather than taken from the contract's SESSION_MODULES, whose
 * schemas would bring zod into the first screen.
 */
const sessionPages: Partial<Record<ModuleName, typeof chatPages>> = {
  brainstorm: toolSessionPages,
  insight: toolSessionPages,
  pdf: toolSessionPages,
  report: reportPages,
  marketing: { welcome: marketingPage, session: marketingPage },
};

function leaf(path: string, handle: RouteHandle): RouteObject {
  return { path, handle, lazy: modulePage };
}

/** A module with welcome and session pages; the bare module path opens `start`. */
function chatModule(
  name: string,
  titles: { welcome?: string; session?: string } = {},
  start = 'welcome',
  pages?: { welcome: typeof chatPages.welcome; session: typeof chatPages.session },
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

/** A module's routes, by its kind in the module table. */
function moduleRoutes(module: ModuleRoute): RouteObject {
  const path = module.path.replace(/^\//, '');
  switch (module.kind) {
    case 'chat':
      return chatModule(path, {}, 'welcome', chatPages);
    case 'session':
      return chatModule(
        path,
        { welcome: module.title, session: module.sessionTitle },
        'welcome',
        sessionPages[module.name],
      );
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

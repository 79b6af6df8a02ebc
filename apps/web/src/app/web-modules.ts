import type { ModuleFamily, ModuleName } from '@portal/contract';
import type { RouteObject } from 'react-router';
import type { RouteHandle } from './route-handle';
import type { ComponentType } from 'react';
import { addbgRoutes } from '../features/addbg/routes';
import { redRoutes } from '../features/red/routes';

/** A page loaded on first visit, in its own chunk. */
export type LazyPage = () => Promise<{ Component: ComponentType }>;

/** The pages a module folder gives each module it serves: a welcome screen and a session screen. */
export interface WebModulePages {
  welcome: LazyPage;
  session: LazyPage;
}

/**
 * Every module folder under features/ that serves modules of the contract's table, by the table's
 * family column; the route table gives each module the pages of its family. Adding a module folder
 * is one line here. Every page stays a lazy chunk: nothing of a feature loads with the first screen.
 */
export const webModules: Readonly<Record<ModuleFamily, WebModulePages>> = {
  // The chat apps' screens, one chunk each: the welcome screen needs little of the session's code.
  chat: {
    welcome: () => import('../features/chat/welcome-screen').then((m) => ({ Component: m.ChatWelcomePage })),
    session: () => import('../features/chat/session-screen').then((m) => ({ Component: m.ChatSessionPage })),
  },
  // The session tools of the `sessions` family share both screens.
  sessions: {
    welcome: () => import('../features/sessions').then((m) => ({ Component: m.SessionWelcomePage })),
    session: () => import('../features/sessions').then((m) => ({ Component: m.SessionPage })),
  },
  report: {
    welcome: () => import('../features/report').then((m) => ({ Component: m.ReportWelcomePage })),
    session: () => import('../features/report').then((m) => ({ Component: m.ReportSessionPage })),
  },
  marketing: samePage(() => import('../features/marketing').then((m) => ({ Component: m.MarketingPage }))),
  // Stable Diffusion WebUI and ComfyUI: one page, the tool in a frame.
  embedded: samePage(() => import('../features/embedded').then((m) => ({ Component: m.EmbeddedPage }))),
  // A tool: its own route tree (addbgRoutes below); these serve the family's two screens.
  addbg: {
    welcome: () => import('../features/addbg').then((m) => ({ Component: m.AddbgWelcomePage })),
    session: () => import('../features/addbg').then((m) => ({ Component: m.AddbgWorkbenchPage })),
  },
};

/** A module whose one screen serves both routes. */
function samePage(page: LazyPage): WebModulePages {
  return { welcome: page, session: page };
}

/**
 * Pages a module adds beside its welcome and session pages, by module name (under its path).
 * 智能搜索助手's 研究模式 stands on the search service (features/search); ChatGPT's 图片创作 is the
 * image chat (features/mj).
 */
export const moduleExtraPages: Partial<Record<ModuleName, () => RouteObject[]>> = {
  // 图片创作: the image mode (module type 1) of the chatgpt app, served by features/mj.
  chatgpt: () => [
    {
      path: 'image',
      handle: { name: 'chatgpt-image', title: '图片创作' } satisfies RouteHandle,
      lazy: () => import('../features/mj').then((m) => ({ Component: m.MjPage })),
    },
  ],
  metaso: () => [
    {
      path: 'research',
      handle: { name: 'metaso-research', title: '研究模式' } satisfies RouteHandle,
      lazy: () => import('./routes/metaso-research').then((m) => ({ Component: m.default })),
    },
  ],
};

/**
 * Tools whose route trees are their own, by module name; every other module's routes follow from
 * its kind in the module table. A tool's tree moves into its feature folder when the tool is built.
 */
export const toolRoutes: Partial<Record<ModuleName, () => RouteObject>> = {
  red: () => redRoutes(),
  addbg: addbgRoutes,
};

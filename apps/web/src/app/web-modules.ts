import type { ModuleFamily } from '@portal/contract';
import type { ComponentType } from 'react';

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
};

/** A module whose one screen serves both routes. */
function samePage(page: LazyPage): WebModulePages {
  return { welcome: page, session: page };
}

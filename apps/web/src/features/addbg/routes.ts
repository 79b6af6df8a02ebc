import type { RouteObject } from 'react-router';
import { redirectTo } from '../../lib/redirect-route';

const page = (name: 'AddbgDesignerPage' | 'AddbgWorkbenchPage' | 'AddbgWelcomePage') => () =>
  import('./index').then((m) => ({ Component: m[name] }));

/**
 * /addbg → /addbg/workbench; /addbg/welcome; every page a lazy chunk. The handles carry the route
 * names and titles the app's route handle reads (name, title).
 */
export const addbgRoutes = (): RouteObject => ({
  path: 'addbg',
  handle: { name: 'addbg' },
  children: [
    { index: true, ...redirectTo('/addbg/workbench') },
    {
      path: 'welcome',
      handle: { name: 'addbg-welcome', title: '图片设计' },
      lazy: page('AddbgWelcomePage'),
    },
    {
      path: 'workbench',
      handle: { name: 'addbg-workbench', title: '图片设计' },
      // The product workbench, or the logo, style-transfer or describe tool of `?tool=`.
      lazy: page('AddbgDesignerPage'),
    },
  ],
});

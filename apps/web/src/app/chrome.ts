import { moduleEntry, type AccountInfo } from '@portal/contract';
import { useUserStore } from '../features/auth/store/user-store';
import { isModuleRoute, moduleTitles } from '../features/modules/module-meta';
import { trackRoute } from '../lib/analytics';
import { progress } from '../lib/progress';
import { appKeyOfRoute } from '../lib/rights';
import { getRuntimeConfig } from '../lib/runtime-config';
import { routeNamesOf } from './route-handle';
import type { AppRouter } from './router';
import { versionChecker } from './version';

/** The current app's name: its catalogue name, else the module's own; none outside modules. */
export function currentAppName(topRouteName: string | undefined, accountInfo: AccountInfo | null): string | undefined {
  if (!isModuleRoute(topRouteName)) return undefined;
  const key = appKeyOfRoute(topRouteName);
  return accountInfo?.app_list.find((app) => app.app_key === key)?.app_name ?? moduleTitles[topRouteName];
}

export function documentTitle(runtimeTitle: string, appName: string | undefined): string {
  return appName ? `${runtimeTitle} - ${appName}` : runtimeTitle;
}

/** The app key a page reports analytics under. */
export function analyticsAppKeyOf(topRouteName: string | undefined): string {
  return topRouteName !== undefined && moduleEntry(topRouteName) ? appKeyOfRoute(topRouteName) : 'portal';
}

/** Progress bar, document title and version re-check around every navigation. */
export function attachChrome(router: AppRouter): () => void {
  let loading = false;
  let lastKey: string | undefined;
  const update = () => {
    const state = router.state;
    if (state.navigation.state !== 'idle') {
      if (!loading) progress.start();
      loading = true;
      return;
    }
    if (loading) progress.done();
    loading = false;
    const key = state.location.key;
    if (key === lastKey) return;
    const first = lastKey === undefined;
    lastKey = key;
    const top = routeNamesOf(state.matches)[0];
    // Only the module table's apps report under their own key; every other page (the public
    // /preview among them) is the portal's, a key the analytics ingest accepts.
    trackRoute(state.location.pathname + state.location.search, top, analyticsAppKeyOf(top));
    document.title = documentTitle(getRuntimeConfig().title, currentAppName(top, useUserStore.getState().accountInfo));
    if (!first) void versionChecker.recheck();
  };
  update();
  return router.subscribe(update);
}

import 'nprogress/nprogress.css';
import './styles.css';
import { createRoot } from 'react-dom/client';
import { attachChrome } from './app/chrome';
import { createBrowserHttpClient } from './app/http';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import { syncUserInfoOnStartup } from './app/startup';
import { versionChecker } from './app/version';
import { useUserStore } from './features/auth/store/user-store';
import { setAnalyticsUser, startAnalytics, trackApi } from './lib/analytics';
import { setHttpClient } from './lib/api';
import { getRuntimeConfig, loadRuntimeConfig } from './lib/runtime-config';
import { routeNamesOf } from './app/route-handle';
import { maybeLoadVConsole } from './lib/vconsole';
import { withoutVersionQuery } from './lib/version-check';

async function start() {
  maybeLoadVConsole(window.location.search);
  if (await versionChecker.firstLoad()) return;
  const cleanHref = withoutVersionQuery(window.location.href);
  if (cleanHref !== window.location.href) window.history.replaceState(window.history.state, '', cleanHref);
  await loadRuntimeConfig(fetch, import.meta.env.BASE_URL);

  const router = createAppRouter();
  const http = createBrowserHttpClient((to) => void router.navigate(to));
  setHttpClient(http);
  attachChrome(router);
  http.onResult(trackApi);
  setAnalyticsUser(useUserStore.getState().accountInfo?.id ?? null);
  useUserStore.subscribe((state, previous) => {
    const id = state.accountInfo?.id ?? null;
    if (id !== (previous.accountInfo?.id ?? null)) setAnalyticsUser(id);
  });

  window.addEventListener('error', () => void versionChecker.recheck());
  window.addEventListener('unhandledrejection', () => void versionChecker.recheck());

  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(<Providers router={router} />);
  void syncUserInfoOnStartup(router);
  const config = getRuntimeConfig();
  void startAnalytics({
    url: config.bfaUrl,
    appName: config.title,
    autoFinishDelay: config.bfaAutoFinishDelay,
    getRouteName: () => routeNamesOf(router.state.matches)[0],
  });
}

void start();

import 'nprogress/nprogress.css';
import './styles.css';
import { createRoot } from 'react-dom/client';
import { attachChrome } from './app/chrome';
import { createBrowserHttpClient } from './app/http';
import { Providers } from './app/providers';
import { queryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { syncUserInfoOnStartup } from './app/startup';
import { versionChecker } from './app/version';
import { useUserStore } from './features/auth/store/user-store';
import { setAnalyticsUser, startAnalytics, trackApi } from './lib/analytics';
import { setHttpClient } from './lib/api';
import { fetchConfigEarly } from './lib/early-requests';
import { getRuntimeConfig, loadRuntimeConfig } from './lib/runtime-config';
import { routeNamesOf } from './app/route-handle';
import { maybeLoadVConsole } from './lib/vconsole';
import { afterFirstScreen, firstScreenSettled, recordFirstScreen } from './lib/first-screen-settled';
import { nextTask } from './lib/when-idle';
import { withoutVersionQuery } from './lib/version-check';

async function start() {
  maybeLoadVConsole(window.location.search);
  // Everything the first screen needs starts now and side by side: the version script, the
  // runtime config, the first route's chunks and its data (route loaders wait for the config
  // only, which names the API's address). Nothing waits for another request to finish first.
  const initialHref = window.location.href;
  const cleanHref = withoutVersionQuery(initialHref);
  if (cleanHref !== initialHref) window.history.replaceState(window.history.state, '', cleanHref);
  const versionChanged = versionChecker.firstLoad(initialHref);
  // The config and the version script have been under way since the head's early-request
  // script ran (`src/boot/first-requests.ts`); these take them over.
  const configLoaded = loadRuntimeConfig(fetchConfigEarly, import.meta.env.BASE_URL);
  // The requests are out; matching the address and starting the route's loaders is a task of its
  // own rather than the tail of the modules' evaluation.
  await nextTask();

  const router = createAppRouter();
  const http = createBrowserHttpClient(
    (to) => void router.navigate(to),
    () => void router.revalidate(),
  );
  setHttpClient(http);
  http.onResult(trackApi);
  void configLoaded.then(() => syncUserInfoOnStartup(router));

  if (await versionChanged) return;
  await configLoaded;

  attachChrome(router);
  setAnalyticsUser(useUserStore.getState().accountInfo?.id ?? null);
  useUserStore.subscribe((state, previous) => {
    const id = state.accountInfo?.id ?? null;
    if (id !== (previous.accountInfo?.id ?? null)) setAnalyticsUser(id);
  });

  window.addEventListener('error', () => void versionChecker.recheck());
  window.addEventListener('unhandledrejection', () => void versionChecker.recheck());

  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  // Rendered at once, not as a transition: RouterProvider reads the router's state while rendering
  // and subscribes only when it commits, so a render that yields in between (a transition does)
  // can miss the router finishing its first navigation and then show the loading state forever.
  createRoot(container).render(<Providers router={router} />);
  // The analytics SDK is a chunk and a request of its own; the first screen's chunks and data go
  // first (events before it starts are queued): it starts when the screen has its data and the
  // main thread is idle.
  const config = getRuntimeConfig();
  recordFirstScreen(firstScreenSettled(router, queryClient));
  afterFirstScreen(
    () =>
      void startAnalytics({
        url: config.bfaUrl,
        appName: config.title,
        autoFinishDelay: config.bfaAutoFinishDelay,
        getRouteName: () => routeNamesOf(router.state.matches)[0],
      }),
  );
}

void start();

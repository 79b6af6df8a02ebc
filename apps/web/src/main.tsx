import 'nprogress/nprogress.css';
import './styles.css';
import { createRoot } from 'react-dom/client';
import { attachChrome } from './app/chrome';
import { createBrowserHttpClient } from './app/http';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import { syncUserInfoOnStartup } from './app/startup';
import { versionChecker } from './app/version';
import { setHttpClient } from './lib/api';
import { loadRuntimeConfig } from './lib/runtime-config';
import { maybeLoadVConsole } from './lib/vconsole';

async function start() {
  maybeLoadVConsole(window.location.search);
  if (await versionChecker.firstLoad()) return;
  await loadRuntimeConfig(fetch, import.meta.env.BASE_URL);

  const router = createAppRouter();
  setHttpClient(createBrowserHttpClient((to) => void router.navigate(to)));
  attachChrome(router);

  window.addEventListener('error', () => void versionChecker.recheck());
  window.addEventListener('unhandledrejection', () => void versionChecker.recheck());

  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(<Providers router={router} />);
  void syncUserInfoOnStartup(router);
}

void start();

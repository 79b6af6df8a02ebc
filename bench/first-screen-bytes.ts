/**
 * Gzip bytes of the JS and CSS that the first paint of /login and of /home loads, measured in
 * Chromium against the built portal: every script and stylesheet the page fetched until the
 * network went idle, each gzipped (level 6, what a typical reverse proxy uses).
 *
 * Run: npm run build && node --import tsx bench/first-screen-bytes.ts
 */
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { launchBrowser, newPage, submitProviderLogin } from '../e2e/browser';
import { startPortal } from '../e2e/portal-server';

interface Loaded {
  url: string;
  kind: 'js' | 'css';
  raw: number;
  gzip: number;
}

async function recordAssets(page: Page, path: string, readySelector: string): Promise<Loaded[]> {
  const loaded: Loaded[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      response.body().then((body) => {
        loaded.push({
          url: new URL(response.url()).pathname,
          kind: type === 'script' ? 'js' : 'css',
          raw: body.length,
          gzip: gzipSync(body, { level: 6 }).length,
        });
      }),
    );
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.waitForSelector(readySelector, { timeout: 30_000 });
  await Promise.all(pending);
  return loaded;
}

function report(route: string, loaded: Loaded[]) {
  const sum = (kind?: 'js' | 'css') => loaded.filter((l) => !kind || l.kind === kind).reduce((n, l) => n + l.gzip, 0);
  console.log(`\n${route}: ${loaded.length} files`);
  for (const l of [...loaded].sort((a, b) => b.gzip - a.gzip))
    console.log(
      `  ${l.kind.padEnd(3)} ${String(l.gzip).padStart(8)} B gzip  ${String(l.raw).padStart(8)} B raw  ${l.url}`,
    );
  console.log(
    `  total gzip: JS ${sum('js')} B, CSS ${sum('css')} B, all ${sum()} B (${(sum() / 1024).toFixed(1)} KiB)`,
  );
}

/** A signed-out visitor's /login: the provider redirect goes to an empty page so only the portal's assets count. */
async function holdProviderRedirect(page: Page, baseUrl: string) {
  await page.route('**/api/user/authorize**', (route) =>
    route.fulfill({ json: { code: 0, message: 'ok', data: { url: `${baseUrl}/__bench_hold` } } }),
  );
  await page.route('**/__bench_hold', (route) => route.fulfill({ contentType: 'text/html', body: '<p>hold</p>' }));
}

const portal = await startPortal();
const browser = await launchBrowser();
try {
  // Warm-up visits store the build version (the first visit reloads once by design) and sign in;
  // each measurement then runs in a fresh context, with an empty HTTP cache, from that storage.
  const signedOut = await newPage(browser, portal.baseUrl);
  await holdProviderRedirect(signedOut.page, portal.baseUrl);
  await signedOut.page.goto('/login');
  await signedOut.page.waitForURL('**/__bench_hold');
  const signedOutState = await signedOut.context.storageState();
  await signedOut.context.close();

  const signedIn = await newPage(browser, portal.baseUrl);
  await signedIn.page.goto('/home');
  await submitProviderLogin(signedIn.page, 'staff', 'staff123');
  await signedIn.page.waitForSelector('[data-testid="app-card"]');
  const signedInState = await signedIn.context.storageState();
  await signedIn.context.close();

  const loginContext = await browser.newContext({ baseURL: portal.baseUrl, storageState: signedOutState });
  const loginPage = await loginContext.newPage();
  await holdProviderRedirect(loginPage, portal.baseUrl);
  report('/login', await recordAssets(loginPage, '/login', 'body'));
  await loginContext.close();

  const homeContext = await browser.newContext({ baseURL: portal.baseUrl, storageState: signedInState });
  report('/home', await recordAssets(await homeContext.newPage(), '/home', '[data-testid="app-card"]'));
  await homeContext.close();
} finally {
  await browser.close();
  await portal.stop();
}

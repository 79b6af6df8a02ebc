/**
 * Lighthouse mobile performance scores of `/login`, `/home` and `/chatgpt/welcome`, with the
 * `lighthouse` package's default mobile settings (simulated slow 4G, 4× CPU) against the
 * distribution's Chromium. Works offline: every audited page is the local portal.
 *
 * - `/home` and `/chatgpt/welcome` are audited signed in (tokens stored by a sign-in first; the
 *   HTTP cache is cleared before each run, storage kept).
 * - `/login` signed out goes on to the sign-in provider; to score the portal's own page, the
 *   authorize call is blocked so the page stays (it then shows its retry state).
 * Prints the median score of the runs per page, with FCP / LCP / TBT of the median run.
 *
 * With LIGHTHOUSE_JSON_DIR=<dir>, every run's report is written there as JSON (`home-1.json`, ...) to
 * read what decided LCP: `largest-contentful-paint-element`, `critical-request-chains`,
 * `network-requests`, `main-thread-tasks`.
 *
 * Run: npm run build && [LIGHTHOUSE_JSON_DIR=dir] node --import tsx bench/lighthouse-mobile.ts [runs=3]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { submitProviderLogin } from '../e2e/browser';
import { startPortal } from '../e2e/portal-server';

const RUNS = Number(process.argv[2] ?? 3);
const chromePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const jsonDir = process.env.LIGHTHOUSE_JSON_DIR;
if (jsonDir) mkdirSync(jsonDir, { recursive: true });

interface Result {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
}

const portal = await startPortal();
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
const cdpBrowser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);

async function clearHttpCache(): Promise<void> {
  const context = cdpBrowser.contexts()[0]!;
  const page = context.pages()[0] ?? (await context.newPage());
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
}

async function audit(path: string, run: number, blocked: string[] = []): Promise<Result> {
  await clearHttpCache();
  const result = await lighthouse(
    `${portal.baseUrl}${path}`,
    { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
    {
      extends: 'lighthouse:default',
      settings: {
        formFactor: 'mobile',
        // Keep the stored sign-in; the cache was cleared above.
        disableStorageReset: true,
        blockedUrlPatterns: blocked,
      },
    },
  );
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`no Lighthouse result for ${path}`);
  if (jsonDir) {
    const name = new URL(path, 'http://x').pathname.replace(/^\//, '').replace(/\//g, '-') || 'root';
    writeFileSync(join(jsonDir, `${name}-${run}.json`), JSON.stringify(lhr));
  }
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
  };
}

async function runs(path: string, blocked: string[] = []): Promise<void> {
  const all: Result[] = [];
  for (let i = 0; i < RUNS; i++) all.push(await audit(path, i + 1, blocked));
  const sorted = [...all].sort((a, b) => a.score - b.score);
  const mid = sorted[Math.floor(sorted.length / 2)]!;
  console.log(
    `${path.padEnd(18)} performance ${String(mid.score).padStart(3)} (runs ${all.map((r) => r.score).join(' / ')})  ` +
      `FCP ${(mid.fcp / 1000).toFixed(1)} s  LCP ${(mid.lcp / 1000).toFixed(1)} s  TBT ${Math.round(mid.tbt)} ms`,
  );
}

try {
  console.log(`Lighthouse mobile (simulated throttling), ${RUNS} runs per page, median`);
  await runs('/login?from=%2Fhome', ['*/api/user/authorize*']);

  // Sign in once in the audited browser; the tokens stay in its storage.
  const context = cdpBrowser.contexts()[0]!;
  const page = await context.newPage();
  await page.goto(`${portal.baseUrl}/home`);
  await submitProviderLogin(page, 'staff', 'staff123');
  await page.waitForSelector('[data-testid="app-card"]', { timeout: 60_000 });
  await page.waitForTimeout(1000);
  await page.close();

  await runs('/home');
  await runs('/chatgpt/welcome');
} finally {
  await cdpBrowser.close().catch(() => undefined);
  chrome.kill();
  await portal.stop();
}

/**
 * Cold loads on a phone-like slow profile in Chromium: 150 ms round trip, 1.6 Mbps down, 750 kbps
 * up, 4× CPU slowdown (CDP network and CPU emulation). Each run uses a fresh browser context (empty
 * HTTP cache) with a signed-in user's stored tokens and version, and measures from navigation
 * start until
 * - `/home`: the first catalogue card is in the page;
 * - `/chatgpt/welcome`: the question box is in the page and can be typed into;
 * - `/chatgpt/session?id=…` of a conversation with a stored answer: the answer is formatted (and,
 *   when its raw text was shown first while the renderer loaded, for how long).
 * Prints the median of the runs and every run. Times depend on the machine; compare builds in one
 * sitting on one machine.
 *
 * Run: npm run build && node --import tsx bench/slow-profile.ts [runs=3]
 */
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../e2e/browser';
import { signInOverHttp } from '../e2e/oidc-login';
import { startPortal } from '../e2e/portal-server';
import { phonePage, signedInState, type StorageState } from './phone-page';

const RUNS = Number(process.argv[2] ?? 3);
const PROFILE = { latencyMs: 150, downloadBps: 1_600_000, uploadBps: 750_000, cpuSlowdown: 4 };

type Mark = 'card' | 'box' | 'formatted' | 'raw';
type Marks = Partial<Record<Mark, number>>;
declare global {
  interface Window {
    __benchMarks?: Marks;
  }
}

/**
 * Records, in page time (ms from navigation start), when each watched condition first held. A
 * string: a function would be serialised with the helpers the TypeScript loader adds to it.
 */
const WATCHER = `(() => {
  const marks = (window.__benchMarks = {});
  const check = () => {
    if (!marks.card && document.querySelector('[data-testid="app-card"]')) marks.card = performance.now();
    const box = document.querySelector('textarea');
    if (!marks.box && box && !box.disabled && !box.readOnly && box.getBoundingClientRect().height > 0)
      marks.box = performance.now();
    if (!marks.raw && document.querySelector('.chat-answer-raw')) marks.raw = performance.now();
    if (!marks.formatted && document.querySelector('[data-testid="chat-answer"] .md-root')) marks.formatted = performance.now();
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
})();`;

async function coldRun(browser: Browser, baseUrl: string, state: StorageState, path: string, mark: Mark) {
  const { context, page, cdp } = await phonePage(browser, baseUrl, state, WATCHER);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PROFILE.latencyMs,
    downloadThroughput: PROFILE.downloadBps / 8,
    uploadThroughput: PROFILE.uploadBps / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PROFILE.cpuSlowdown });
  let bytes = 0;
  cdp.on('Network.loadingFinished', (event: { encodedDataLength: number }) => {
    bytes += event.encodedDataLength;
  });
  await page.goto(path, { waitUntil: 'commit', timeout: 120_000 });
  // Polled from here: waitForFunction evaluates its predicate as a string, which the CSP forbids.
  const deadline = Date.now() + 120_000;
  let ms: number | undefined;
  while ((ms = await page.evaluate((m: Mark) => window.__benchMarks?.[m], mark)) === undefined) {
    if (Date.now() > deadline) throw new Error(`${path}: ${mark} not reached in 120 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const transferred = bytes;
  const raw = await page.evaluate(() => window.__benchMarks?.raw);
  await context.close();
  return { ms, transferred, rawMs: raw === undefined ? 0 : ms - raw };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const portal = await startPortal();
const browser = await launchBrowser();
try {
  const state = await signedInState(browser, portal.baseUrl);
  const conversation = await storedAnswer(portal.baseUrl);
  const targets = [
    { what: '/home catalogue visible, cold', path: '/home', mark: 'card' as const },
    { what: 'chat question box usable, cold', path: '/chatgpt/welcome', mark: 'box' as const },
    { what: 'stored answer formatted, cold', path: `/chatgpt/session?id=${conversation}`, mark: 'formatted' as const },
  ];
  console.log(
    `slow profile: ${PROFILE.latencyMs} ms RTT, ${PROFILE.downloadBps / 1e6} Mbps, ${PROFILE.cpuSlowdown}× CPU; ${RUNS} cold runs each`,
  );
  for (const target of targets) {
    const runs: { ms: number; transferred: number; rawMs: number }[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await coldRun(browser, portal.baseUrl, state, target.path, target.mark));
    const times = runs.map((r) => r.ms);
    console.log(
      `${target.what.padEnd(34)} median ${(median(times) / 1000).toFixed(2)} s  runs ${times
        .map((t) => (t / 1000).toFixed(2))
        .join(' / ')} s  transferred ≈ ${(median(runs.map((r) => r.transferred)) / 1024).toFixed(0)} KiB`,
    );
    if (target.mark === 'formatted')
      console.log(`${''.padEnd(34)} raw text shown before: ${runs.map((r) => r.rawMs.toFixed(0)).join(' / ')} ms`);
  }
} finally {
  await browser.close();
  await portal.stop();
}

/** A conversation of the benchmark's staff user with one answer of the built-in demo model (markdown). */
async function storedAnswer(baseUrl: string): Promise<string> {
  const login = await signInOverHttp(baseUrl, 'staff', 'staff123');
  const res = await fetch(`${baseUrl}/api/chatgpt/message/askStream`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${login.access_token.token}` },
    body: JSON.stringify({ prompt: '列出三个要点', model_type: 100, temperature: 1 }),
  });
  const finish = /event: finish\ndata: (.*)\n/.exec(await res.text());
  if (!finish) throw new Error(`the demo answer did not finish (${res.status})`);
  return (JSON.parse(finish[1]!) as { conv_id: string }).conv_id;
}

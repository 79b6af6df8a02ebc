/**
 * Main-thread cost of rendering a streamed answer in the real chat screen, in Chromium: a
 * generated 20,000-character markdown answer arrives as 400 `message` increments of 50 characters
 * at 50 increments per second. The portal runs as `npm start` does (demo model, built-in sign-in);
 * only the page's askStream fetch is answered locally: a ReadableStream of real `text/event-stream`
 * bytes, paced in a worker of the page (installFeed). (A route to a second local server is blocked
 * by Chromium's local-network checks, and route.fulfill delivers a body at once.)
 *
 * Main-thread time comes from CDP Performance.getMetrics (TaskDuration, ScriptDuration), sampled
 * after every quarter of the answer; long tasks from a PerformanceObserver in the page.
 *
 * Run: npm run build && node --import tsx bench/chat-render-browser.ts
 * Budget (ARCHITECTURE.md): ≤ 2 ms main thread per streamed update, flat as the answer grows.
 */
import type { CDPSession } from 'playwright-core';
import { launchBrowser, newPage, submitProviderLogin } from '../e2e/browser';
import { startPortal } from '../e2e/portal-server';
import { askAndWait, CHUNK_CHARS, CHUNKS_PER_SECOND, installFeed } from './chat-render-feed';
import { generateAnswer } from './generated-answer';

const ANSWER_CHARS = 20_000;

interface Sample {
  sent: number;
  taskMs: number;
  scriptMs: number;
  layoutMs: number;
  styleMs: number;
}

async function metrics(cdp: CDPSession): Promise<Omit<Sample, 'sent'>> {
  const { metrics: list } = (await cdp.send('Performance.getMetrics')) as {
    metrics: { name: string; value: number }[];
  };
  const value = (name: string) => (list.find((m) => m.name === name)?.value ?? 0) * 1000;
  return {
    taskMs: value('TaskDuration'),
    scriptMs: value('ScriptDuration'),
    layoutMs: value('LayoutDuration'),
    styleMs: value('RecalcStyleDuration'),
  };
}

const answer = generateAnswer(ANSWER_CHARS);
const portal = await startPortal();
const browser = await launchBrowser();
try {
  const { page } = await newPage(browser, portal.baseUrl);
  await page.addInitScript(() => {
    const w = window as unknown as { __longTasks: number[] };
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__longTasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto('/chatgpt/welcome');
  await submitProviderLogin(page, 'staff', 'staff123');
  await page.waitForURL(/\/chatgpt\/welcome/);

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  const samples: Sample[] = [];
  let longTasksBefore = 0;
  const chunkCount = await installFeed(page, answer, {
    async onStart() {
      longTasksBefore = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks.length);
      samples.push({ sent: 0, ...(await metrics(cdp)) });
    },
    async onQuarter(sent) {
      samples.push({ sent, ...(await metrics(cdp)) });
    },
  });
  await askAndWait(page);
  const done = await metrics(cdp);
  const longTasks = await page.evaluate(
    (from) => (window as unknown as { __longTasks: number[] }).__longTasks.slice(from),
    longTasksBefore,
  );

  const rendered = await page.evaluate(
    () => Array.from(document.querySelectorAll('[data-testid="chat-answer"]')).at(-1)?.textContent?.length ?? 0,
  );
  console.info(
    `answer: ${answer.length} chars in ${chunkCount} increments of ${CHUNK_CHARS} at ${CHUNKS_PER_SECOND}/s; rendered text ${rendered} chars`,
  );
  console.info('quarter   increments   task ms   script ms   layout ms   style ms   task ms / increment');
  for (let i = 1; i < samples.length; i++) {
    const a = samples[i - 1]!;
    const b = samples[i]!;
    const n = b.sent - a.sent;
    const d = (key: keyof Omit<Sample, 'sent'>) => (b[key] - a[key]).toFixed(1).padStart(9);
    console.info(
      `${String(i).padStart(7)}   ${String(n).padStart(10)}   ${d('taskMs')}   ${d('scriptMs')}   ${d('layoutMs')}  ${d('styleMs')}   ${((b.taskMs - a.taskMs) / n).toFixed(2).padStart(19)}`,
    );
  }
  const first = samples[0]!;
  const last = samples.at(-1)!;
  const total = last.taskMs - first.taskMs;
  console.info(
    `stream total: ${total.toFixed(1)} ms task (${(last.scriptMs - first.scriptMs).toFixed(1)} ms script) over ${last.sent} increments → ${(total / last.sent).toFixed(2)} ms per increment`,
  );
  console.info(`including the finish render: ${(done.taskMs - first.taskMs).toFixed(1)} ms task`);
  console.info(
    `long tasks (>50 ms) during the stream: ${longTasks.length}${longTasks.length ? `, max ${Math.max(...longTasks).toFixed(1)} ms` : ''}`,
  );
} finally {
  await browser.close();
  await portal.stop();
}

/**
 * Main-thread cost of rendering a streamed answer in the real chat screen, in Chromium: a
 * generated 20,000-character markdown answer arrives as 400 `message` increments of 50 characters
 * at 50 increments per second. The portal runs as `npm start` does (demo model, built-in sign-in);
 * only the page's askStream fetch is answered locally: a ReadableStream of real `text/event-stream`
 * bytes whose pieces the page pulls from this script through an exposed binding, paced here in Node.
 * (A route to a second local server is blocked by Chromium's local-network checks, and
 * route.fulfill delivers a body at once.)
 *
 * Main-thread time comes from CDP Performance.getMetrics (TaskDuration, ScriptDuration), sampled
 * after every quarter of the answer; long tasks from a PerformanceObserver in the page.
 *
 * Run: npm run build && node --import tsx bench/chat-render-browser.ts
 * Budget (ARCHITECTURE.md): ≤ 2 ms main thread per streamed update, flat as the answer grows.
 */
import type { CDPSession, Page } from 'playwright-core';
import { launchBrowser, newPage, submitProviderLogin } from '../e2e/browser';
import { startPortal } from '../e2e/portal-server';
import { generateAnswer } from './generated-answer';

const ANSWER_CHARS = 20_000;
const CHUNK_CHARS = 50;
const CHUNKS_PER_SECOND = 50;
const QUARTERS = 4;
/** The page navigates from the welcome screen to the session before the first increment. */
const SETTLE_MS = 1500;

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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Feed {
  /** The next piece of the event stream, paced; null when the stream is over. */
  next(convId: string): Promise<string | null>;
  chunks: number;
}

/**
 * Paces the event stream from Node: the page pulls each piece through an exposed binding, so the
 * schedule does not run on the page's main thread. A quarter callback samples the metrics.
 */
function createFeed(answer: string, onStart: () => Promise<void>, onQuarter: (sent: number) => Promise<void>): Feed {
  const chunks = Array.from({ length: Math.ceil(answer.length / CHUNK_CHARS) }, (_, i) =>
    answer.slice(i * CHUNK_CHARS, (i + 1) * CHUNK_CHARS),
  );
  const quarter = Math.ceil(chunks.length / QUARTERS);
  const event = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
  let sent = -1;
  let started = 0;
  return {
    chunks: chunks.length,
    async next(convId) {
      if (sent === -1) {
        await sleep(SETTLE_MS);
        await onStart();
        started = performance.now();
        sent = 0;
      }
      if (sent > 0 && (sent % quarter === 0 || sent === chunks.length)) await onQuarter(sent);
      if (sent === chunks.length) {
        sent += 1;
        return event('finish', { conv_id: convId, message_id: 'bench-answer', status: 'done' });
      }
      if (sent > chunks.length) return null;
      const wait = started + (sent * 1000) / CHUNKS_PER_SECOND - performance.now();
      if (wait > 0) await sleep(wait);
      const text = chunks[sent]!;
      sent += 1;
      return event('message', { conv_id: convId, message_id: 'bench-answer', text });
    },
  };
}

/** The page's askStream fetch answers with a stream that pulls its pieces from the feed. */
async function installFeed(page: Page, feed: Feed): Promise<void> {
  await page.exposeBinding('__benchNext', (_source, convId: string) => feed.next(convId));
  await page.addInitScript(() => {
    const w = window as unknown as { __benchNext(convId: string): Promise<string | null>; fetch: typeof fetch };
    const original = w.fetch.bind(window);
    w.fetch = (input, init) => {
      if (!String(input instanceof Request ? input.url : input).includes('/message/askStream'))
        return original(input, init);
      const convId = (JSON.parse(String(init?.body ?? '{}')) as { conv_id?: string }).conv_id ?? '';
      const encoder = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          const piece = await w.__benchNext(convId);
          if (piece === null) controller.close();
          else controller.enqueue(encoder.encode(piece));
        },
      });
      return Promise.resolve(new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }));
    };
  });
}

/** Asks one question from the welcome screen and waits until the streamed answer is finished. */
async function askAndWait(page: Page): Promise<void> {
  await page.goto('/chatgpt/welcome');
  const box = page.locator('.chat-composer textarea');
  await box.waitFor();
  await box.fill('请生成一份很长的报告');
  await box.press('Enter');
  await page.waitForFunction(
    () =>
      Array.from(document.querySelectorAll<HTMLElement>('[data-testid="chat-answer"]')).at(-1)?.dataset.status ===
      'done',
    undefined,
    { timeout: 120_000, polling: 500 },
  );
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
  const feed = createFeed(
    answer,
    async () => {
      longTasksBefore = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks.length);
      samples.push({ sent: 0, ...(await metrics(cdp)) });
    },
    async (sent) => {
      samples.push({ sent, ...(await metrics(cdp)) });
    },
  );
  await installFeed(page, feed);
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
    `answer: ${answer.length} chars in ${feed.chunks} increments of ${CHUNK_CHARS} at ${CHUNKS_PER_SECOND}/s; rendered text ${rendered} chars`,
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

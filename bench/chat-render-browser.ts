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

/** Node's side of the feed: the page reports the start of the stream and each quarter of it. */
interface Marks {
  onStart(): Promise<void>;
  onQuarter(sent: number): Promise<void>;
}

/**
 * Paces the event stream in a dedicated worker of the page, which hands the page's askStream
 * fetch a transferred ReadableStream of real `text/event-stream` bytes: each piece reaches the
 * main thread as a message from another thread, as a network response's data does. The main
 * thread's only share of the delivery is reading the stream, which the app does for a real
 * answer too. (A DevTools binding per piece costs the main thread a protocol round trip per
 * increment that no user's page pays.) The worker waits for Node to sample the metrics at the
 * start and after every quarter: five binding calls per stream.
 */
const FEED_WORKER = `
const event = (name, data) => 'event: ' + name + '\\ndata: ' + JSON.stringify(data) + '\\n\\n';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
let acked = null;
onmessage = async ({ data }) => {
  if (data.type === 'ack') return acked?.();
  const { chunks, convId, quarter, chunksPerSecond, settleMs } = data;
  const mark = (sent) => new Promise((resolve) => { acked = resolve; postMessage({ type: 'mark', sent }); });
  const encoder = new TextEncoder();
  let sent = 0;
  let started = 0;
  const body = new ReadableStream({
    async pull(controller) {
      if (sent > 0 && (sent % quarter === 0 || sent === chunks.length)) await mark(sent);
      if (sent === chunks.length) {
        sent += 1;
        controller.enqueue(encoder.encode(event('finish', { conv_id: convId, message_id: 'bench-answer', status: 'done' })));
        controller.close();
        return;
      }
      const wait = started + (sent * 1000) / chunksPerSecond - performance.now();
      if (wait > 0) await sleep(wait);
      const text = chunks[sent];
      sent += 1;
      controller.enqueue(encoder.encode(event('message', { conv_id: convId, message_id: 'bench-answer', text })));
    },
  }, { highWaterMark: 0 });
  await sleep(settleMs);
  await mark(0);
  started = performance.now();
  postMessage({ type: 'stream', body }, [body]);
};
`;
const FEED_WORKER_PATH = '/__bench/feed-worker.js';

/** The page's askStream fetch answers with the worker's stream of the answer's increments. */
async function installFeed(page: Page, answer: string, marks: Marks): Promise<number> {
  const chunks = Array.from({ length: Math.ceil(answer.length / CHUNK_CHARS) }, (_, i) =>
    answer.slice(i * CHUNK_CHARS, (i + 1) * CHUNK_CHARS),
  );
  await page.route(`**${FEED_WORKER_PATH}`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: FEED_WORKER }),
  );
  await page.exposeBinding('__benchMark', (_source, sent: number) =>
    sent === 0 ? marks.onStart() : marks.onQuarter(sent),
  );
  const feed = {
    chunks,
    quarter: Math.ceil(chunks.length / QUARTERS),
    chunksPerSecond: CHUNKS_PER_SECOND,
    settleMs: SETTLE_MS,
    workerPath: FEED_WORKER_PATH,
  };
  await page.addInitScript((options) => {
    const w = window as unknown as { __benchMark(sent: number): Promise<void>; fetch: typeof fetch };
    const original = w.fetch.bind(window);
    w.fetch = (input, init) => {
      if (!String(input instanceof Request ? input.url : input).includes('/message/askStream'))
        return original(input, init);
      const convId = (JSON.parse(String(init?.body ?? '{}')) as { conv_id?: string }).conv_id ?? '';
      const worker = new Worker(options.workerPath);
      return new Promise<Response>((resolve) => {
        worker.onmessage = ({ data }: MessageEvent<{ type: string; sent?: number; body?: ReadableStream }>) => {
          if (data.type === 'mark') void w.__benchMark(data.sent ?? 0).then(() => worker.postMessage({ type: 'ack' }));
          else resolve(new Response(data.body, { status: 200, headers: { 'content-type': 'text/event-stream' } }));
        };
        worker.postMessage({ ...options, convId });
      });
    };
  }, feed);
  return chunks.length;
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

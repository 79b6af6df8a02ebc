/**
 * The streamed answer of the chat render benchmarks (chat-render-browser.ts, chat-render-trace.ts):
 * the page's askStream fetch is answered with real `text/event-stream` bytes paced by a worker of
 * the page, and the page tells Node when the stream starts and after every quarter of it.
 */
import type { Page } from 'playwright-core';

export const CHUNK_CHARS = 50;
export const CHUNKS_PER_SECOND = 50;
export const QUARTERS = 4;
/** The page navigates from the welcome screen to the session before the first increment. */
const SETTLE_MS = 1500;

/** Node's side of the feed: the page reports the start of the stream and each quarter of it. */
export interface Marks {
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
export async function installFeed(page: Page, answer: string, marks: Marks): Promise<number> {
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
export async function askAndWait(page: Page): Promise<void> {
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

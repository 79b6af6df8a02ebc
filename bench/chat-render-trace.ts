/**
 * Where the main thread's time goes while a streamed answer renders: the chat-render-browser.ts
 * stream, traced in Chromium over its second and third quarters (after the one-off costs of the
 * first), and summarised by task. Frames that ran the stream's render (an animation-frame
 * callback) are split into script and rendering phases; frames without script are listed with
 * what they did. Thread time (tdur), not wall time, so that other work on the machine does not
 * count.
 *
 * Run: npm run build && node --import tsx bench/chat-render-trace.ts [trace.json]
 */
import { writeFileSync } from 'node:fs';
import { launchBrowser, newPage, submitProviderLogin } from '../e2e/browser';
import { startPortal } from '../e2e/portal-server';
import { askAndWait, CHUNK_CHARS, installFeed, QUARTERS } from './chat-render-feed';
import { generateAnswer } from './generated-answer';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'toplevel',
  'blink',
  'cc',
  'v8',
];
const PHASES = ['FireAnimationFrame', 'UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize', 'Commit'];
/** What a frame without script did, by the events it contains. */
const CAUSES = ['ScrollTree::SetScrollOffset', 'IntersectionObserverController::computeIntersections', 'Paint'];

const ms = (us: number) => (us / 1000).toFixed(2);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** The renderer's main thread: its top-level tasks, each with the thread time of every event inside it. */
function tasksOf(events: TraceEvent[]): { own: TraceEvent; inside: Map<string, number> }[] {
  const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const timed = events
    .filter((e) => e.pid === main?.pid && e.tid === main?.tid && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const tasks: { own: TraceEvent; inside: Map<string, number> }[] = [];
  let end = -1;
  for (const event of timed) {
    if (event.name === 'ThreadControllerImpl::RunTask' && event.ts >= end) {
      tasks.push({ own: event, inside: new Map() });
      end = event.ts + (event.dur ?? 0);
    } else if (event.ts < end) {
      const inside = tasks.at(-1)!.inside;
      inside.set(event.name, (inside.get(event.name) ?? 0) + (event.tdur ?? 0));
    }
  }
  return tasks;
}

const out = process.argv[2];
const answer = generateAnswer(20_000);
const portal = await startPortal();
const browser = await launchBrowser();
let trace: Buffer | undefined;
let increments = 0;
try {
  const { page } = await newPage(browser, portal.baseUrl);
  await page.goto('/chatgpt/welcome');
  await submitProviderLogin(page, 'staff', 'staff123');
  await page.waitForURL(/\/chatgpt\/welcome/);
  const chunks = Math.ceil(answer.length / CHUNK_CHARS);
  const quarter = Math.ceil(chunks / QUARTERS);
  await installFeed(page, answer, {
    async onStart() {},
    async onQuarter(sent) {
      if (sent === quarter) await browser.startTracing(page, { categories: CATEGORIES });
      if (sent === 3 * quarter) {
        trace = await browser.stopTracing();
        increments = 2 * quarter;
      }
    },
  });
  await askAndWait(page);
} finally {
  await browser.close();
  await portal.stop();
}
if (!trace) throw new Error('the stream ended before the trace did');
if (out) writeFileSync(out, trace);

const { traceEvents } = JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] };
const tasks = tasksOf(traceEvents);
const frames = tasks.filter((t) => t.inside.has('ProxyMain::BeginMainFrame'));
const renders = frames.filter((t) => (t.inside.get('FireAnimationFrame') ?? 0) > 0);
const scriptless = frames.filter((t) => !renders.includes(t));
const reads = tasks.filter((t) => !frames.includes(t) && t.inside.has('MessagePort::Accept'));
const threadMs = (list: typeof tasks) => sum(list.map((t) => t.own.tdur ?? 0));
const total = threadMs(tasks);

console.info(
  `increments ${increments} (quarters 2–3); main-thread tasks ${ms(total)} ms thread time, ${ms(total / increments)} ms per increment`,
);
console.info(
  `frames with the stream's render: ${renders.length}, ${ms(threadMs(renders))} ms, median ${ms(median(renders.map((t) => t.own.tdur ?? 0)))} ms`,
);
for (const phase of PHASES)
  console.info(
    `  ${phase.padEnd(20)} median ${ms(median(renders.map((t) => t.inside.get(phase) ?? 0))).padStart(6)} ms`,
  );
console.info(
  `frames without script: ${scriptless.length}, ${ms(threadMs(scriptless))} ms, median ${ms(median(scriptless.map((t) => t.own.tdur ?? 0)))} ms`,
);
for (const cause of CAUSES) console.info(`  with ${cause}: ${scriptless.filter((t) => t.inside.has(cause)).length}`);
console.info(`stream reads (MessagePort tasks): ${reads.length}, ${ms(threadMs(reads))} ms`);
console.info(
  `other tasks: ${tasks.length - frames.length - reads.length}, ${ms(total - threadMs(frames) - threadMs(reads))} ms`,
);

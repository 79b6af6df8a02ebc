/**
 * Streams a generated 20,000-character answer through the chat Markdown component (finished
 * blocks memoised, live tail re-rendered) and through a single react-markdown render of the whole
 * answer, and prints the main-thread time of each update.
 *
 * Run from the repo root: node --import tsx bench/markdown-render.ts
 * Budget (ARCHITECTURE.md): ≤ 2 ms per update, flat as the answer grows.
 */
import { register as registerHooks } from 'node:module';
import { performance } from 'node:perf_hooks';
import { register } from 'tsx/esm/api';
import { generateAnswer } from './generated-answer';

const ANSWER_CHARS = 20_000;
const CHUNK_CHARS = 50;
const WINDOWS = [0.25, 0.5, 0.75, 1];
const CHUNKED_RUNS = 5;
// A whole-answer render takes tens of milliseconds; one run is enough to see it grow.
const NAIVE_RUNS = 1;

// React's development build is several times slower than what users run.
process.env.NODE_ENV = 'production';

// Specifiers held in variables keep the type checker out of packages without declarations.
const jsdomSpecifier = 'jsdom';
const { JSDOM } = (await import(jsdomSpecifier)) as {
  JSDOM: new (html: string, options?: object) => { window: object };
};
const { window } = new JSDOM('<!doctype html><html><body><div id="root"></div></body></html>', {
  pretendToBeVisual: true,
});
for (const key of Object.getOwnPropertyNames(window)) {
  if (!(key in globalThis)) {
    Object.defineProperty(globalThis, key, { configurable: true, get: () => (window as Record<string, unknown>)[key] });
  }
}

// The web app compiles JSX with its own tsconfig; style sheets are the bundler's business.
const ignoreCss = `export async function load(url, context, next) {
  return /\\.css(?:\\?|$)/.test(url) ? { format: 'module', source: 'export default {};', shortCircuit: true } : next(url, context);
}`;
registerHooks(`data:text/javascript,${encodeURIComponent(ignoreCss)}`);
const web = register({ namespace: 'bench-web', tsconfig: 'apps/web/tsconfig.json' });
const from = (specifier: string) => web.import(specifier, import.meta.url);

const React = await from('react');
const { flushSync } = await from('react-dom');
const { createRoot } = await from('react-dom/client');
const ReactMarkdown = (await from('react-markdown')).default;
const { remarkGfmParse: remarkGfm } = await from('../apps/web/src/components/markdown/remark-gfm-parse.ts');
const rehypeSanitize = (await from('rehype-sanitize')).default;
const rehypeHighlight = (await from('rehype-highlight')).default;
const { Markdown, loadHighlight } = await from('../apps/web/src/components/markdown/index.ts');

function print(line: string): void {
  process.stdout.write(`${line}\n`);
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
}

type Render = (content: string) => unknown;

/** Streams the answer chunk by chunk into a fresh root; returns the time of every update. */
function streamOnce(answer: string, element: Render): number[] {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  const times: number[] = [];
  for (let end = CHUNK_CHARS; end < answer.length + CHUNK_CHARS; end += CHUNK_CHARS) {
    const content = answer.slice(0, end);
    const start = performance.now();
    flushSync(() => root.render(element(content)));
    times.push(performance.now() - start);
  }
  root.unmount();
  container.remove();
  return times;
}

/**
 * The machine may be shared with other work: each update is timed in several runs and the
 * median of its runs is kept, which removes most outside noise but keeps steady costs.
 */
function stream(answer: string, element: Render, runs: number): number[] {
  const all = Array.from({ length: runs }, () => streamOnce(answer, element));
  return all[0]!.map((_, i) => all.map((times) => times[i]!).sort((a, b) => a - b)[Math.floor(runs / 2)]!);
}

function report(name: string, times: number[]): void {
  print(`\n${name}`);
  print('  answer so far   updates   p50 ms   p99 ms   max ms');
  let from = 0;
  for (const share of WINDOWS) {
    const to = Math.round(times.length * share);
    const sorted = times.slice(from, to).sort((a, b) => a - b);
    const cells = [quantile(sorted, 0.5), quantile(sorted, 0.99), sorted[sorted.length - 1] ?? 0].map((v) =>
      v.toFixed(2).padStart(8),
    );
    print(`  ${`≤ ${share * 100}%`.padEnd(14)}  ${String(sorted.length).padStart(7)} ${cells.join(' ')}`);
    from = to;
  }
}

const answer = generateAnswer(ANSWER_CHARS);
await loadHighlight();

const chunked: Render = (content) => React.createElement(Markdown, { content, streaming: true });
const naive: Render = (content) =>
  React.createElement(
    ReactMarkdown,
    { remarkPlugins: [remarkGfm], rehypePlugins: [rehypeSanitize, rehypeHighlight] },
    content,
  );

// One untimed pass each so that both run on warmed-up code.
streamOnce(answer, chunked);
streamOnce(answer.slice(0, 5_000), naive);

print(
  `answer: ${answer.length} characters, ${Math.ceil(answer.length / CHUNK_CHARS)} updates of ${CHUNK_CHARS} characters`,
);
print(
  `per update: median of ${CHUNKED_RUNS} runs (Markdown) / ${NAIVE_RUNS} run (react-markdown); jsdom, React production build`,
);
report('Markdown (finished blocks memoised, live tail re-rendered)', stream(answer, chunked, CHUNKED_RUNS));
report('react-markdown, whole answer re-rendered on every update', stream(answer, naive, NAIVE_RUNS));

/**
 * Search service benchmark.
 *
 * 1. Citation precision on a generated labelled set: topics with facts spread over sources (each
 *    fact's source is known), distractor sentences sharing their words, and three summaries per
 *    question — the extractive summary (no model), a simulated careless model (a share of its
 *    marks on the wrong source, numbers past the list, claims no source holds) before the
 *    citation check, and the same after it. Precision = marks whose source holds the claim / marks.
 *    The same on a held-out set written for this bench and not used to tune anything
 *    (search-citations-heldout.ts: 22 questions, Chinese and English pages with distractors, and
 *    a careless model's paraphrased answers with hand labels): the extractive summary of the pages
 *    read through Readability, judged word for word, and the careless answers before and after the
 *    check, judged against the labels. With SEARCH_BENCH_MODEL_URL set, a real model summarises
 *    the held-out questions too and a judge model decides each mark (see citationsByModel).
 * 2. Server time per step, excluding the model, the backends and the pages: deep-research runs over
 *    a local fake web through the real runner and database (PGlite), the step's wall time minus
 *    the time spent waiting on outside calls.
 * 3. Pages fetched and extracted per second with 8 in flight (guarded fetch + Readability).
 *
 * Run: node --import tsx bench/search-citations.ts [topics=200] [runs=10] [pages=400]
 * (runs or pages 0 leave out parts 2 or 3).
 */
import { createServer } from 'node:http';
import { resolve } from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config/load';
import { repoRoot } from '../apps/server/src/config/paths';
import { checkCitations } from '../apps/server/src/modules/search/citations';
import { searchConfigSchema } from '../apps/server/src/modules/search/config';
import { extractiveSummary } from '../apps/server/src/modules/search/extractive';
import { PageFetcher } from '../apps/server/src/modules/search/page-fetcher';
import { citationsByModel, heldOutCitations, pct, verbatimPrecision } from './search-citations-heldout-run';
import { readableText } from '../apps/server/src/modules/search/readable-text';
import { termSource } from '../apps/server/src/modules/search/source-terms';

const topics = Number(process.argv[2] ?? 200);
const runs = Number(process.argv[3] ?? 10);
const pageCount = Number(process.argv[4] ?? 400);

// ---------- 1. citation precision ----------
let seed = 42;
const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;

const PLACES = ['青石', '白沙', '云岭', '金川', '海宁', '松江', '东湖', '北岸', '南塘', '西林'];
const THINGS = ['港口', '电池厂', '大学', '医院', '机场', '水库', '公园', '数据中心'];
const ATTRS: [string, (n: number) => string][] = [
  ['建成年份', (n) => `${1950 + (n % 70)}年`],
  ['员工人数', (n) => `${100 + n * 7}人`],
  ['年产值', (n) => `${10 + (n % 90)}亿元`],
  ['占地面积', (n) => `${5 + (n % 40)}平方公里`],
  ['负责人', (n) => `${pick(['王', '李', '张', '刘', '陈'])}${pick(['明', '华', '强', '丽', '军'])}${n % 10}`],
];

interface Fact {
  sentence: string;
  /** The one source holding it. */
  source: number;
}

function topic(i: number) {
  const name = `${pick(PLACES)}${pick(THINGS)}${i}`;
  const facts: Fact[] = ATTRS.map(([attr, value], k) => ({
    sentence: `${name}的${attr}是${value(i * 13 + k)}。`,
    source: 1 + (k % 3),
  }));
  // Three sources: each holds its facts among distractors about other places sharing the words.
  const sources = [1, 2, 3].map((idx) => {
    const own = facts.filter((f) => f.source === idx).map((f) => f.sentence);
    const noise = ATTRS.map(
      ([attr, value]) => `${pick(PLACES)}的另一座${pick(THINGS)}的${attr}是${value(Math.floor(rand() * 999))}。`,
    );
    return {
      idx,
      title: `来源${idx}`,
      url: `https://example.com/${i}/${idx}/`,
      content: [...noise.slice(0, 2), ...own, ...noise.slice(2)].join(''),
    };
  });
  return { name, facts, sources };
}

const totals = { extractive: { right: 0, all: 0 }, raw: { right: 0, all: 0 }, checked: { right: 0, all: 0 } };
let kept = 0;
let factsTotal = 0;
for (let i = 0; i < topics; i++) {
  const { name, facts, sources } = topic(i);
  const question = `${name}的${pick(ATTRS)[0]}`;
  const ext = extractiveSummary(
    question,
    [question],
    sources.map((s) => termSource(s.idx, s.title, s.content)),
  );
  const e = verbatimPrecision(ext, sources);
  totals.extractive.right += e.right;
  totals.extractive.all += e.all;

  // A careless model: 25% of marks on a wrong source, 10% on a number past the list, plus one
  // invented claim with a mark.
  const lines = facts.map((f) => {
    const r = rand();
    const n = r < 0.25 ? 1 + (f.source % 3) : r < 0.35 ? 7 : f.source;
    return `- ${f.sentence.replace(/。$/, '')} [${n}]。`;
  });
  lines.push(`- ${name}拥有一座火箭发射场 [${1 + Math.floor(rand() * 3)}]。`);
  const raw = lines.join('\n');
  const r = verbatimPrecision(raw, sources);
  totals.raw.right += r.right;
  totals.raw.all += r.all;
  const checked = checkCitations(raw, sources, undefined, question).summary;
  const c = verbatimPrecision(checked, sources);
  totals.checked.right += c.right;
  totals.checked.all += c.all;
  kept += facts.filter((f) => new RegExp(`${f.sentence.replace(/。$/, '')} \\[${f.source}\\]`).test(checked)).length;
  factsTotal += facts.length;
}
console.log(`citation precision, ${topics} generated topics`);
console.log(`  extractive summary (no model):         ${pct(totals.extractive)}`);
console.log(`  careless model, before the check:      ${pct(totals.raw)}`);
console.log(`  careless model, after the check:       ${pct(totals.checked)}`);
console.log(`  facts still cited after the check:     ${((100 * kept) / factsTotal).toFixed(1)}%`);

heldOutCitations();
await citationsByModel();

// ---------- fake web for 2 and 3 ----------
const para = (i: number, k: number) =>
  `<p>第${k}段：青石港${i}号码头的吞吐量在${2000 + k}年达到${100 + k * 3}万吨，主要货物是集装箱和铁矿石，自动化改造使作业效率提高了百分之${k + 5}。</p>`;
const article = (i: number) =>
  `<!doctype html><html><head><title>青石港报道${i}</title></head><body><nav>${'<a href="/">导航</a>'.repeat(30)}</nav><article><h1>青石港报道${i}</h1>${Array.from({ length: 120 }, (_, k) => para(i, k)).join('')}</article><footer>版权</footer></body></html>`;
const html = Array.from({ length: 16 }, (_, i) => article(i));
const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  if (url.pathname === '/searxng/search') {
    res.writeHead(200, { 'content-type': 'application/json' });
    const q = url.searchParams.get('q') ?? '';
    res.end(
      JSON.stringify({
        results: Array.from({ length: 8 }, (_, k) => ({
          url: `${origin}/a/${(q.length + k) % 16}?q=${k}`,
          title: `报道${k}`,
          content: '青石港',
        })),
      }),
    );
    return;
  }
  const n = Number(url.pathname.split('/')[2] ?? 0) % 16;
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(html[n]);
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const address = server.address();
const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
console.log(`\nfake page size: ${(Buffer.byteLength(html[0]!) / 1024).toFixed(0)} KiB`);

// ---------- 3. pages fetched + extracted per second, 8 in flight ----------
if (pageCount > 0) {
  const fetcher = new PageFetcher({ timeout_ms: 10_000, max_bytes: 2_000_000, max_redirects: 3 }, ['127.0.0.1']);
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < pageCount) {
        const i = next++;
        const page = await fetcher.fetch(`${origin}/a/${i % 16}`);
        readableText(page.body, page.contentType, '');
      }
    }),
  );
  const s = (performance.now() - t0) / 1000;
  console.log(
    `pages fetched + extracted: ${pageCount} in ${s.toFixed(2)} s = ${(pageCount / s).toFixed(0)} pages/s (8 in flight)`,
  );
}

// ---------- 2. server time per step ----------
if (runs > 0) {
  const base = loadConfig(resolve(repoRoot, 'portal.config.example.json'));
  const app = await buildApp({
    config: {
      ...base,
      jobs: { ...base.jobs, poll_ms: 50 },
      search: searchConfigSchema.parse({
        backends: [{ kind: 'searxng', url: `${origin}/searxng` }],
        allowed_private_hosts: ['127.0.0.1'],
        budget: { max_pages: 8 },
      }),
    },
    database: { kind: 'pglite' },
    publicUrl: 'http://127.0.0.1:1',
  });
  // Jobs run once the server listens.
  await app.listen({ port: 0, host: '127.0.0.1' });
  const parts = app.searchService;
  const timings = new Map<string, number[]>();
  parts.runner.onStepTiming = (step, ms) => timings.set(step, [...(timings.get(step) ?? []), ms]);
  const user = await app.services.users.upsertFromClaims({
    subject: 'bench',
    login: 'bench',
    userName: '压测',
    email: '',
    mobile: '1',
    avatar: '',
    groups: [],
  });
  const session = await parts.sessions.add(user.id, 'metaso', 'bench');
  const wait = async (id: string, until: (s: string) => boolean) => {
    for (;;) {
      const row = await parts.store.byId(id);
      if (row && until(row.status)) return row;
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  for (let i = 0; i < runs; i++) {
    const id = await parts.executions.init(user.id, session.id, 'metaso', 'deep');
    await parts.executions.runStep(user.id, id, { query: `青石港${i}号码头的吞吐量和自动化改造` });
    await wait(id, (s) => s !== 'running');
    await parts.executions.runStep(user.id, id, {});
    const row = await wait(id, (s) => s !== 'running');
    if (row.status !== 'done') throw new Error(`run ${row.status}: ${row.error ?? row.note}`);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(`\nserver time per step, median of ${runs} deep runs (PGlite, excluding model/backends/pages):`);
  for (const [step, xs] of timings) {
    console.log(`  ${step.padEnd(8)} median ${median(xs).toFixed(1)} ms   max ${Math.max(...xs).toFixed(1)} ms`);
  }
  await app.close();
}
server.close();

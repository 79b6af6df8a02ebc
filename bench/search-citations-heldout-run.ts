/**
 * The citation bench's held-out part (see search-citations.ts): citation precision on questions
 * and pages written for the bench (search-citations-heldout.ts), offline, and with a real model
 * when one is configured through the environment.
 */
import { checkCitations, marksOf, type CitableSource } from '../apps/server/src/modules/search/citations';
import { extractiveSummary, passageIn, queryTerms } from '../apps/server/src/modules/search/extractive';
import { askModel, SUMMARY_SYSTEM, summaryPrompt } from '../apps/server/src/modules/search/model';
import { readableText } from '../apps/server/src/modules/search/readable-text';
import { termSource } from '../apps/server/src/modules/search/source-terms';
import { createLlmGateway, llmConfigSchema } from '../apps/server/src/services/llm';
import { HELD_OUT, HELD_OUT_LATER, type HeldOutPage, type HeldOutQuestion } from './search-citations-heldout';

export interface Tally {
  right: number;
  all: number;
}

export const pct = (x: Tally) => `${((100 * x.right) / Math.max(1, x.all)).toFixed(1)}% (${x.right}/${x.all})`;

const add = (into: Tally, x: Tally) => {
  into.right += x.right;
  into.all += x.all;
};

/** A mark is right when the source it points at holds the claim, word for word. */
export function verbatimPrecision(summary: string, sources: readonly { idx: number; content: string }[]): Tally {
  let right = 0;
  let all = 0;
  for (const { claim, n } of marksOf(summary)) {
    all++;
    const bare = claim
      .replace(/^[-*]\s+/, '')
      .replace(/[。.]$/, '')
      .trim();
    if (sources.find((s) => s.idx === n)?.content.includes(bare)) right++;
  }
  return { right, all };
}

/** A page as a site would serve it: navigation and footer around the article. */
function pageHtml(page: HeldOutPage): string {
  const body = page.paragraphs.map((p) => `<p>${p}</p>`).join('');
  return `<!doctype html><html><head><title>${page.title}</title></head><body><nav><a href="/">首页</a> | <a href="/news">News</a> | <a href="/about">关于我们</a></nav><article><h1>${page.title}</h1>${body}</article><footer>© 2024 版权所有 · All rights reserved</footer></body></html>`;
}

/** The question's pages as the read step stores them: Readability's text, numbered from 1. */
function sourcesOf(q: HeldOutQuestion, qi: number): CitableSource[] {
  return q.pages.map((page, i) => {
    const readable = readableText(pageHtml(page), 'text/html; charset=utf-8', page.title);
    return {
      idx: i + 1,
      title: readable.title,
      url: `https://held-out.example/${qi}/${i + 1}`,
      content: readable.text,
    };
  });
}

const MARK = /\[(\d{1,3})\]/g;

/** Marks of one line judged against the pages labelled as stating its claim. */
function byLabel(line: string, supportedBy: readonly number[]): Tally {
  const marks = [...line.matchAll(MARK)].map((m) => Number(m[1]));
  return { right: marks.filter((n) => supportedBy.includes(n)).length, all: marks.length };
}

/** Citation precision on the held-out sets without a model. */
export function heldOutCitations(): void {
  heldOutSet('held-out set', HELD_OUT);
  heldOutSet('held-out set written after the last change of the check', HELD_OUT_LATER);
}

/** The extractive summary and a careless model's answers on one set. */
function heldOutSet(label: string, set: readonly HeldOutQuestion[]): void {
  const extractive = { right: 0, all: 0 };
  const onAnswerPages = { right: 0, all: 0 };
  const before = { right: 0, all: 0 };
  const after = { right: 0, all: 0 };
  let supported = 0;
  let keptRight = 0;
  set.forEach((q, qi) => {
    const sources = sourcesOf(q, qi);
    const termed = new Map(sources.map((s) => [s.idx, termSource(s.idx, s.title, s.content)]));
    // The offline engine, as the summary step runs it: an extract, then the citation check.
    const ext = checkCitations(
      extractiveSummary(q.question, [q.question], [...termed.values()]),
      sources,
      termed,
      q.question,
    );
    add(extractive, verbatimPrecision(ext.summary, sources));
    const answerPages = new Set(q.answer.flatMap((c) => c.supportedBy));
    for (const { n } of marksOf(ext.summary)) add(onAnswerPages, { right: answerPages.has(n) ? 1 : 0, all: 1 });

    const raw = q.answer.map((c) => `- ${c.text}${c.marks.map((n) => ` [${n}]`).join('')}`);
    const checked = checkCitations(raw.join('\n'), sources, termed, q.question).summary.split('\n');
    q.answer.forEach((c, i) => {
      add(before, byLabel(raw[i]!, c.supportedBy));
      const t = byLabel(checked[i]!, c.supportedBy);
      add(after, t);
      if (c.supportedBy.length > 0) {
        supported++;
        if (t.right > 0) keptRight++;
      }
    });
  });
  const chinese = set.filter((q) => /[\u4e00-\u9fff]/.test(q.question)).length;
  const pages = set.reduce((n, q) => n + q.pages.length, 0);
  console.log(
    `\ncitation precision, ${label} (${set.length} questions: ${chinese} Chinese, ${set.length - chinese} English; ${pages} pages)`,
  );
  console.log(`  extractive summary (no model):         ${pct(extractive)}`);
  console.log(`    of its marks, on a page labelled as answering: ${pct(onAnswerPages)}`);
  console.log(`  careless model, before the check:      ${pct(before)}`);
  console.log(`  careless model, after the check:       ${pct(after)}`);
  console.log(
    `  stated claims still cited right:       ${((100 * keptRight) / Math.max(1, supported)).toFixed(1)}% (${keptRight}/${supported})`,
  );
}

/**
 * With a real model (SEARCH_BENCH_MODEL_URL: an OpenAI-compatible base URL; SEARCH_BENCH_MODEL;
 * the key, if any, in SEARCH_BENCH_API_KEY): the model answers each held-out question from its
 * pages with the summary step's own prompt, the citation check runs, and a judge model
 * (SEARCH_BENCH_JUDGE_MODEL, else the same) says for each mark whether its page states the claim.
 * SEARCH_BENCH_VERBOSE=1 prints every mark with the verdict, for a person to check the judge.
 */
export async function citationsByModel(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const baseUrl = env.SEARCH_BENCH_MODEL_URL;
  if (!baseUrl || !env.SEARCH_BENCH_MODEL) {
    console.log(
      '\ncitation precision with a real model: not measured (set SEARCH_BENCH_MODEL_URL and SEARCH_BENCH_MODEL)',
    );
    return;
  }
  const llm = createLlmGateway(
    llmConfigSchema.parse({
      endpoints: {
        bench: { baseUrl, ...(env.SEARCH_BENCH_API_KEY ? { apiKeyEnv: 'SEARCH_BENCH_API_KEY' } : {}), retries: 2 },
      },
      tasks: {
        search: { provider: 'bench', model: env.SEARCH_BENCH_MODEL },
        judge: { provider: 'bench', model: env.SEARCH_BENCH_JUDGE_MODEL || env.SEARCH_BENCH_MODEL },
      },
    }),
  );
  const signal = new AbortController().signal;
  console.log(`\ncitation precision with a real model, both held-out sets:`);
  const judge = async (claim: string, source: CitableSource | undefined): Promise<boolean> => {
    if (!source) return false;
    const verdict = await askModel(
      llm,
      'judge',
      '你是严格的事实核查员。只回答“是”或“否”。',
      `来源：\n${source.title}\n${source.content}\n\n论断：${claim}\n\n来源是否明确陈述了这个论断（包括其中的数字和主体）？`,
      signal,
    );
    return /^\s*(是|yes)/i.test(verdict?.text ?? '');
  };
  const tallies = { before: { right: 0, all: 0 }, after: { right: 0, all: 0 } };
  for (const [qi, q] of [...HELD_OUT, ...HELD_OUT_LATER].entries()) {
    const sources = sourcesOf(q, qi);
    const termed = new Map(sources.map((s) => [s.idx, termSource(s.idx, s.title, s.content)]));
    const wanted = queryTerms(q.question);
    const prompt = summaryPrompt(
      q.question,
      sources.map((s) => ({ ...s, passage: passageIn(wanted, termed.get(s.idx)!, s.content) })),
    );
    const answer = (await askModel(llm, 'search', SUMMARY_SYSTEM, prompt, signal))?.text ?? '';
    const checked = checkCitations(answer, sources, termed, q.question).summary;
    for (const [name, text] of [
      ['before', answer],
      ['after', checked],
    ] as const) {
      for (const { claim, n } of marksOf(text)) {
        const ok = await judge(
          claim,
          sources.find((s) => s.idx === n),
        );
        add(tallies[name], { right: ok ? 1 : 0, all: 1 });
        if (env.SEARCH_BENCH_VERBOSE) console.log(`    ${name} ${ok ? '✓' : '✗'} [${n}] ${claim}`);
      }
    }
  }
  console.log(`  ${env.SEARCH_BENCH_MODEL}, judged by ${env.SEARCH_BENCH_JUDGE_MODEL || 'the same model'}:`);
  console.log(`  before the check:                      ${pct(tallies.before)}`);
  console.log(`  after the check:                       ${pct(tallies.after)}`);
}

/**
 * Time to the first streamed token of a report answer, server side, without the model: 5 reports
 * of 100 generated pages each are uploaded and parsed by the real pipeline, a conversation is
 * opened on all five, and 20 questions go to SSE /api/report/pdf/askNew over HTTP. The model is
 * the fake OpenAI-compatible upstream answering at once; its own time (request received → first
 * chunk written) is taken off, so what is left is the server's: rights, retrieval over the five
 * reports, storing the question, building the prompt, the call to the model and relaying the token.
 * Runs on PGlite and on PostgreSQL (BENCH_DATABASE_URL, as in bench/retrieval.ts).
 *
 * Run: node --import tsx bench/report-first-token.ts [pages=100] [reports=5]
 */
import type { ReportConversation, ReportSummary } from '@portal/contract';
import { llmConfigSchema } from '../apps/server/src/services/llm';
import { api, type TestApp } from '../apps/server/test/helper';
import { multipart } from '../apps/server/test/files/fixtures';
import { startFakeUpstream } from '../apps/server/test/llm/fake-upstream';
import {
  buildSessionsApp,
  eventually,
  get,
  parseSse,
  pdfOf,
  post,
  tokenFor,
} from '../apps/server/test/sessions/helpers';
import { benchPostgres } from './retrieval';

const pages = Number(process.argv[2] ?? 100);
const reportCount = Number(process.argv[3] ?? 5);
/** Issue 10's budget on PostgreSQL. */
const P95_BUDGET_MS = 100;
const QUESTIONS = 20;

const regions = ['north', 'south', 'east', 'west', 'central', 'coastal', 'inland', 'border'];
const products = ['snacks', 'beverages', 'dairy', 'frozen food', 'condiments', 'baby food', 'pet food'];

/** A report page: a heading and 20 lines of figures, some unique to the page. */
function pageText(report: number, page: number): string {
  const lines = [`Report ${report + 1} page ${page + 1}: market review.`];
  for (let l = 0; l < 20; l++) {
    const region = regions[(page + l) % regions.length]!;
    const product = products[(report + l) % products.length]!;
    lines.push(
      `The ${product} market in the ${region} region grew ${(page * 7 + l) % 31} percent in year ${2015 + (l % 10)}.`,
    );
  }
  return lines.join('\n');
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/**
 * POSTs the question; resolves when the first answer token arrives, with the ms since sending to
 * it and to the stream's first event (the citations, sent once retrieval and storing are done).
 */
async function firstToken(
  t: TestApp,
  token: string,
  conversationId: string,
  prompt: string,
): Promise<{ token: number; citations: number }> {
  const started = performance.now();
  const res = await fetch(`${t.baseUrl}/api/report/pdf/askNew`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ conversation_id: conversationId, prompt }),
  });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let citations = 0;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`the stream ended without a token: ${buffer.slice(0, 300)}`);
      buffer += decoder.decode(value, { stream: true });
      const events = parseSse(buffer.slice(0, buffer.lastIndexOf('\n\n') + 2));
      if (!citations && events.length > 0) citations = performance.now() - started;
      if (events.some((e) => e.event === 'message' && String(e.data.text ?? '') !== '')) {
        return { token: performance.now() - started, citations };
      }
    }
  } finally {
    // Read to the end so the answer is saved before the next question.
    while (!(await reader.read()).done);
  }
}

async function benchEngine(engine: string): Promise<void> {
  process.env.TEST_DB = engine;
  const fake = await startFakeUpstream();
  fake.setDefault({ tokens: ['According to the reports', ' [1], the market grew.'] });
  const t = await buildSessionsApp({
    config: (c) => ({
      ...c,
      providers: llmConfigSchema.parse({
        endpoints: { fake: { baseUrl: fake.baseUrl, retries: 0 } },
        tasks: { report: { provider: 'fake', model: 'instant' } },
      }),
    }),
  });
  const label = engine === 'pglite' ? 'PGlite' : 'PostgreSQL';
  try {
    const admin = await tokenFor(t, 'admin');
    const uploadStarted = performance.now();
    const reports: ReportSummary[] = [];
    for (let r = 0; r < reportCount; r++) {
      const pdf = await pdfOf(Array.from({ length: pages }, (_, p) => pageText(r, p)));
      const { payload, headers } = multipart({ filename: `market-${r + 1}.pdf`, data: pdf });
      const res = await api(t, admin, { method: 'POST', url: '/api/report/file/upload', payload, headers });
      reports.push((res.json() as { data: ReportSummary }).data);
    }
    await eventually(
      () =>
        get<{ list: { reports: { report_id: string; status: string }[] }[] }>(
          t,
          admin,
          '/api/report/home/reportCategory',
        ),
      (r) => {
        const mine = r.data.list
          .flatMap((c) => c.reports)
          .filter((x) => reports.some((y) => y.report_id === x.report_id));
        return mine.length === reports.length && mine.every((x) => x.status === 'ready');
      },
      600_000,
    );
    const indexed = (performance.now() - uploadStarted) / 1000;
    const conversation = await post<ReportConversation>(t, admin, '/api/report/conversation/create', {
      report_ids: reports.map((r) => r.report_id),
    });
    const conversationId = conversation.data.conversation_id;
    const times: number[] = [];
    const toCitations: number[] = [];
    for (let q = 0; q < QUESTIONS + 2; q++) {
      const prompt = `How much did the ${products[q % products.length]} market grow in the ${regions[q % regions.length]} region in ${2015 + (q % 10)}?`;
      const before = fake.chatRequests.length;
      const timing = await firstToken(t, admin, conversationId, prompt);
      const call = fake.chatRequests[before];
      if (!call?.firstChunkAt) throw new Error('the model was not called');
      // The first two warm the caches and the connection to the model, as a running server has.
      if (q >= 2) {
        times.push(timing.token - (call.firstChunkAt - call.receivedAt));
        toCitations.push(timing.citations);
      }
    }
    times.sort((a, b) => a - b);
    toCitations.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    const budget =
      engine === 'pglite' ? '' : ` (budget p95 ≤ ${P95_BUDGET_MS} ms: ${p95 <= P95_BUDGET_MS ? 'met' : 'MISSED'})`;
    console.info(
      `report first token on ${label}, ${reportCount} reports × ${pages} pages (uploaded and parsed in ${indexed.toFixed(0)} s): ` +
        `p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms without the model${budget}; ` +
        `of which retrieval and storing the question (to the citations event): ` +
        `p50 ${percentile(toCitations, 50).toFixed(1)} ms, p95 ${percentile(toCitations, 95).toFixed(1)} ms`,
    );
  } finally {
    await t.close();
    await fake.close();
  }
}

await benchEngine('pglite');
const postgres = await benchPostgres();
if (postgres) await benchEngine(postgres);

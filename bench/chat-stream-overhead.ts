/**
 * Server overhead on a streamed answer: time to first token and the gaps between tokens, calling
 * the fake upstream directly versus through POST /api/chatgpt/message/askStream (auth, rights,
 * quota, storing the question, history, SSE re-framing, periodic saves). The portal runs in its
 * own process on PGlite, then on PostgreSQL when one answers on 127.0.0.1:5432 (or
 * BENCH_DATABASE_URL); the fake upstream runs here.
 *
 * Run: node --import tsx bench/chat-stream-overhead.ts [runs=300] [tokens=200] [intervalMs=5]
 * (BENCH_DATABASES=pglite or postgres for one engine; BENCH_SERVER_TRACE=1 adds the time each ask
 * spends inside the server, on each side of the model call: ttft-trace.mjs)
 *
 * Three hundred runs by default: the p99 of thirty is simply their slowest run, and of a hundred
 * the second slowest, so one or two stalls (a garbage collection in either process, a periodic
 * statement, another process on the machine) decided it; on one quiet machine and one build, the
 * p99 of a hundred runs ranged from +3.7 to +10.4 ms. Of three hundred it is the fourth slowest.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { signInOverHttp } from '../e2e/oidc-login';
import { startPortal } from '../e2e/portal-server';
import { startFakeUpstream } from '../apps/server/test/llm/fake-upstream';
import { freshPostgres, ms, percentile, readTimed, writeBenchConfig, type TimedEvents } from './chat-bench-support';

const runs = Number(process.argv[2] ?? 300);
const tokenCount = Number(process.argv[3] ?? 200);
const intervalMs = Number(process.argv[4] ?? 5);
const tokens = Array.from({ length: tokenCount }, (_, i) => `tok${i} `);

const fake = await startFakeUpstream();
fake.setDefault({ tokens, intervalMs });
const configPath = writeBenchConfig(fake.baseUrl);

/** Runs before the measured ones, each a direct call, a new conversation and a follow-up. */
const WARM_UP_RUNS = 5;

// BENCH_SERVER_TRACE=1 also times each ask inside the server (ttft-trace.mjs).
const traceDir = process.env.BENCH_SERVER_TRACE === '1' ? mkdtempSync(join(tmpdir(), 'ttft-trace-')) : undefined;

async function measure(label: string, env: Record<string, string>) {
  const traceFile = traceDir && join(traceDir, `${label}.jsonl`);
  const portal = await startPortal(
    { PORTAL_CONFIG: configPath, ...env, ...(traceFile ? { TTFT_TRACE_FILE: traceFile } : {}) },
    traceFile ? { nodeArgs: ['--import', pathToFileURL(join(import.meta.dirname, 'ttft-trace.mjs')).href] } : {},
  );
  try {
    const login = await signInOverHttp(portal.baseUrl, 'admin', 'admin123');
    const token = login.access_token.token;

    const direct = async (): Promise<TimedEvents> => {
      const start = performance.now();
      const res = await fetch(`${fake.baseUrl}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer bench' },
        body: JSON.stringify({ model: 'gpt-4', stream: true, messages: [{ role: 'user', content: 'bench' }] }),
      });
      return readTimed(res, start, (_event, data) => data.includes('"content":"'));
    };
    // A new conversation's call starts while the question is stored; a follow-up's starts with the
    // turns the process kept from the last answer (or read first, after a restart or on another
    // replica). Both are measured: the follow-ups share one conversation, whose history the portal
    // caps, so every follow-up sends about the same.
    let followUpConv: string | undefined;
    const viaPortal = async (followUp: boolean): Promise<TimedEvents> => {
      const start = performance.now();
      const res = await fetch(`${portal.baseUrl}/api/chatgpt/message/askStream`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          prompt: 'bench',
          model_type: 100,
          temperature: 1,
          ...(followUp && followUpConv ? { conv_id: followUpConv } : {}),
        }),
      });
      return readTimed(res, start, (event, data) => {
        if (event === 'finish' && followUp) followUpConv ??= (JSON.parse(data) as { conv_id: string }).conv_id;
        return event === 'message';
      });
    };

    // What every authenticated module request pays before any chat work: token, user, rights.
    const authOnly = async (): Promise<number> => {
      const start = performance.now();
      await (
        await fetch(`${portal.baseUrl}/api/chatgpt/models`, { headers: { authorization: `Bearer ${token}` } })
      ).text();
      return performance.now() - start;
    };

    // Warm-up: JIT, connection pools, the database's caches.
    for (let i = 0; i < WARM_UP_RUNS; i++) {
      await direct();
      await viaPortal(false);
      await viaPortal(true);
    }

    const series = () => ({ ttft: [] as number[], gaps: [] as number[], reach: [] as number[], relay: [] as number[] });
    const results = { direct: series(), portal: series(), followUp: series() };
    const auth: number[] = [];
    for (let i = 0; i < runs; i++) {
      auth.push(await authOnly());
      for (const [name, run] of [
        ['direct', direct],
        ['portal', () => viaPortal(false)],
        ['followUp', () => viaPortal(true)],
      ] as const) {
        const timed = await run();
        if (timed.arrivals.length !== tokenCount)
          throw new Error(`${name}: ${timed.arrivals.length} of ${tokenCount} tokens`);
        // The fake runs in this process, so its clock is ours: split the first token's time into
        // reaching the upstream and relaying its first chunk back.
        const upstream = fake.chatRequests.at(-1)!;
        // Kept, the bodies of 900 requests would grow this process's heap and its pauses.
        fake.forgetRequests();
        results[name].reach.push(upstream.receivedAt - timed.start);
        results[name].relay.push(timed.arrivals[0]! - upstream.firstChunkAt!);
        results[name].ttft.push(timed.arrivals[0]! - timed.start);
        for (let k = 1; k < timed.arrivals.length; k++)
          results[name].gaps.push(timed.arrivals[k]! - timed.arrivals[k - 1]!);
      }
    }

    console.info(
      `${label}: chat stream overhead, ${runs} runs × ${tokenCount} tokens, upstream interval ${intervalMs} ms`,
    );
    const labels = { direct: 'direct', portal: 'portal, new conversation', followUp: 'portal, follow-up' };
    for (const name of ['direct', 'portal', 'followUp'] as const) {
      const r = results[name];
      console.info(
        `  ${labels[name].padEnd(25)} TTFT p50 ${ms(percentile(r.ttft, 50))}  p99 ${ms(percentile(r.ttft, 99))}   ` +
          `inter-token p50 ${ms(percentile(r.gaps, 50))}  p99 ${ms(percentile(r.gaps, 99))}`,
      );
    }
    const d = results.direct;
    const over = (a: number[], b: number[], p: number) => `+${ms(percentile(a, p) - percentile(b, p))}`;
    for (const name of ['portal', 'followUp'] as const) {
      const r = results[name];
      const split = (key: 'reach' | 'relay') =>
        `p50 ${ms(percentile(d[key], 50))} → ${ms(percentile(r[key], 50))}, p99 ${ms(percentile(d[key], 99))} → ${ms(percentile(r[key], 99))}`;
      console.info(`  ${labels[name]}:`);
      console.info(`    request reaches the upstream (direct → portal): ${split('reach')}`);
      console.info(`    upstream's first chunk reaches the client:       ${split('relay')}`);
      console.info(
        `    overhead TTFT p50 ${over(r.ttft, d.ttft, 50)}  p99 ${over(r.ttft, d.ttft, 99)} (budget p99 ≤ 5 ms)   ` +
          `inter-token p50 ${over(r.gaps, d.gaps, 50)}  p99 ${over(r.gaps, d.gaps, 99)}`,
      );
    }
    console.info(
      `  baseline: an authenticated GET /api/chatgpt/models takes p50 ${ms(percentile(auth, 50))}, p99 ${ms(percentile(auth, 99))}`,
    );
  } finally {
    await portal.stop();
  }
  if (traceFile) printServerTrace(traceFile);
}

/** The asks timed inside the server, in order: the warm-up's, then a new conversation and a follow-up per run. */
function printServerTrace(traceFile: string) {
  type Line = { toUpstream: number | null; toClient: number | null };
  const lines = readFileSync(traceFile, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Line)
    .slice(2 * WARM_UP_RUNS);
  console.info(
    '  inside the server (to upstream: request parsed → model request written; to client: model chunk read → event written):',
  );
  for (const [name, parity] of [
    ['portal, new conversation', 0],
    ['portal, follow-up', 1],
  ] as const) {
    const mine = lines.filter((_, i) => i % 2 === parity);
    const values = (key: keyof Line) => mine.map((line) => line[key]).filter((v): v is number => v !== null);
    const [toUpstream, toClient] = [values('toUpstream'), values('toClient')];
    console.info(
      `    ${name.padEnd(25)} to upstream p50 ${ms(percentile(toUpstream, 50))} p99 ${ms(percentile(toUpstream, 99))}; ` +
        `to client p50 ${ms(percentile(toClient, 50))} p99 ${ms(percentile(toClient, 99))} (${toUpstream.length} asks)`,
    );
  }
}

// BENCH_DATABASES=postgres (or pglite) measures one engine only.
const engines = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',');
try {
  if (engines.includes('pglite')) await measure('PGlite', {});
  const databaseUrl = engines.includes('postgres') ? await freshPostgres('portal_chat_bench') : undefined;
  if (databaseUrl) await measure('PostgreSQL', { DATABASE_URL: databaseUrl });
  else if (engines.includes('postgres')) console.info('PostgreSQL skipped: no server at 127.0.0.1:5432');
} finally {
  await fake.close();
}

/**
 * Memory per open answer stream: N concurrent askStream calls held open through one server
 * process (its own child process), the fake upstream trickling one token per interval. The
 * server uses PostgreSQL when one answers on 127.0.0.1:5432 (or BENCH_DATABASE_URL), so the
 * embedded database's own memory is not counted; `pglite` as the third argument forces PGlite.
 * Reports the server's resident memory (VmRSS from /proc) before, with every stream open, and
 * the growth per stream; also the JS heap after a full collection (bench/heap-probe.mjs), which
 * does not depend on machine load or GC timing as RSS does. Needs about 2×N file descriptors here
 * and in the server (`ulimit -n`).
 *
 * Run: node --import tsx bench/chat-concurrent-streams.ts [streams=1000] [tokenIntervalMs=1000] [postgres|pglite]
 * (BENCH_CLIENTS_LEAVE=1 disconnects every client once its answer started, as a reload or a lost
 * phone connection does: the answers go on generating on the server, and memory is read with
 * them open and no client left;
 * BENCH_PROMPT_CHARS=<n> asks a question of n Chinese characters instead of a short one, to see
 * whether an open stream keeps its question and history; BENCH_HEAP_SNAPSHOT_DIR=<dir> also writes heap snapshots of the server there, before the streams
 * and with every stream open, to compare in DevTools' Memory tab)
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signInOverHttp } from '../e2e/oidc-login';
import { startPortal } from '../e2e/portal-server';
import { startFakeUpstream } from '../apps/server/test/llm/fake-upstream';
import { freshPostgres, writeBenchConfig } from './chat-bench-support';

const streams = Number(process.argv[2] ?? 1000);
const tokenIntervalMs = Number(process.argv[3] ?? 1000);
const BATCH = 50;
const promptChars = Number(process.env.BENCH_PROMPT_CHARS ?? 0);
const clientsLeave = process.env.BENCH_CLIENTS_LEAVE === '1';
const prompt = promptChars > 0 ? '问'.repeat(promptChars) : 'hold this stream open';
const databaseUrl = process.argv[4] === 'pglite' ? undefined : await freshPostgres('portal_chat_streams_bench');
const databaseLabel = databaseUrl ? 'PostgreSQL' : 'PGlite';

function rssKiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
}

const heapProbeFile = join(mkdtempSync(join(tmpdir(), 'portal-heap-')), 'heap.jsonl');
const heapProbe = join(import.meta.dirname, 'heap-probe.mjs');
process.env.SERVER_NODE_ARGS = `--expose-gc --import ${heapProbe} ${process.env.SERVER_NODE_ARGS ?? ''}`;

/** The server's memory right after a full collection (bytes), read through bench/heap-probe.mjs. */
async function memoryAfterGc(pid: number): Promise<{ heapUsed: number; rss: number }> {
  const lines = () => (existsSync(heapProbeFile) ? readFileSync(heapProbeFile, 'utf8').trim().split('\n') : []);
  const seen = lines().length;
  process.kill(pid, 'SIGUSR2');
  // A heap snapshot of a thousand streams takes a while to write.
  for (let i = 0; i < 6000 && lines().length === seen; i++) await new Promise((r) => setTimeout(r, 50));
  const last = lines()[seen];
  if (!last) throw new Error('the server did not answer the heap probe');
  return JSON.parse(last) as { heapUsed: number; rss: number };
}

const fake = await startFakeUpstream();
// Long enough that every stream is still open when memory is read.
fake.setDefault({ tokens: Array.from({ length: 600 }, (_, i) => `t${i} `), intervalMs: tokenIntervalMs });
const portal = await startPortal({
  PORTAL_CONFIG: writeBenchConfig(fake.baseUrl),
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  HEAP_PROBE_FILE: heapProbeFile,
  ...(process.env.BENCH_HEAP_SNAPSHOT_DIR ? { HEAP_SNAPSHOT_DIR: process.env.BENCH_HEAP_SNAPSHOT_DIR } : {}),
});
const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
const open: { destroy(): void }[] = [];

/** Starts one stream and resolves once its first answer event arrived. */
function openStream(token: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ prompt, model_type: 100, temperature: 1 });
    const req = request(
      new URL('/api/chatgpt/message/askStream', portal.baseUrl),
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${token}`,
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`askStream answered ${res.statusCode}`));
        let seen = '';
        const onData = (chunk: Buffer) => {
          seen += chunk.toString();
          if (seen.includes('event: message')) {
            res.off('data', onData);
            res.on('data', () => undefined);
            resolve();
          }
        };
        res.on('data', onData);
        res.on('error', () => undefined);
      },
    );
    req.on('error', reject);
    open.push(req);
    req.end(body);
  });
}

try {
  const token = (await signInOverHttp(portal.baseUrl, 'admin', 'admin123')).access_token.token;
  // Warm-up so that JIT code, pools and caches are not counted as per-stream memory.
  await Promise.all(Array.from({ length: 20 }, () => openStream(token)));
  for (const req of open.splice(0)) req.destroy();
  await new Promise((r) => setTimeout(r, 2000));

  const before = rssKiB(portal.pid);
  const afterGcBefore = await memoryAfterGc(portal.pid);
  const heapBefore = afterGcBefore.heapUsed;
  const started = performance.now();
  for (let i = 0; i < streams; i += BATCH) {
    await Promise.all(Array.from({ length: Math.min(BATCH, streams - i) }, () => openStream(token)));
  }
  const openedIn = (performance.now() - started) / 1000;
  // Every client goes away; the answers must not (only 停止 stops one).
  if (clientsLeave) for (const req of open.splice(0)) req.destroy();
  await new Promise((r) => setTimeout(r, tokenIntervalMs * 2));
  const during = rssKiB(portal.pid);
  // Saves of partial answers queued on the database come and go: the median of a few reads.
  const reads: { heapUsed: number; rss: number }[] = [];
  for (let i = 0; i < 3; i++) {
    if (i > 0) await new Promise((r) => setTimeout(r, tokenIntervalMs));
    reads.push(await memoryAfterGc(portal.pid));
  }
  const [heapLow, heapDuring, heapHigh] = reads.map((r) => r.heapUsed).sort((a, b) => a - b) as [
    number,
    number,
    number,
  ];
  const rssAfterGc = reads.map((r) => r.rss).sort((a, b) => a - b)[1]!;
  const upstreamOpen = fake.chatRequests.filter((r) => !r.completed && !r.cancelled).length;

  console.info(
    `concurrent answer streams through one server process (${databaseLabel}), token every ${tokenIntervalMs} ms` +
      (promptChars > 0 ? `, questions of ${promptChars} characters` : '') +
      (clientsLeave ? ', every client gone once its answer started' : ''),
  );
  console.info(
    `  streams open:            ${streams} (opened in ${openedIn.toFixed(1)} s; upstream calls open: ${upstreamOpen})`,
  );
  if (clientsLeave && upstreamOpen < streams) {
    throw new Error(`only ${upstreamOpen} of ${streams} answers are still generating after their clients left`);
  }
  console.info(`  server VmRSS before:     ${(before / 1024).toFixed(1)} MiB`);
  console.info(`  server VmRSS with all:   ${(during / 1024).toFixed(1)} MiB`);
  console.info(`  growth per open stream:  ${((during - before) / streams).toFixed(1)} KiB   (budget ≤ 60 KiB)`);
  console.info(
    `  JS heap after full GC:   ${(heapBefore / 2 ** 20).toFixed(1)} → ${(heapDuring / 2 ** 20).toFixed(1)} MiB, ` +
      `${((heapDuring - heapBefore) / 1024 / streams).toFixed(1)} KiB per open stream ` +
      `(median of 3 reads; ${((heapLow - heapBefore) / 1024 / streams).toFixed(1)}–` +
      `${((heapHigh - heapBefore) / 1024 / streams).toFixed(1)})`,
  );
  console.info(
    `  RSS after full GC:       ${(afterGcBefore.rss / 2 ** 20).toFixed(1)} → ${(rssAfterGc / 2 ** 20).toFixed(1)} MiB, ` +
      `${((rssAfterGc - afterGcBefore.rss) / 1024 / streams).toFixed(1)} KiB per open stream (median of 3 reads)`,
  );
} finally {
  for (const req of open) req.destroy();
  agent.destroy();
  await portal.stop();
  await fake.close();
}

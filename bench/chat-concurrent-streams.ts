/**
 * Memory per open answer stream: N concurrent askStream calls held open through one server
 * process (its own child process), the fake upstream trickling one token per interval. The
 * server uses PostgreSQL when one answers on 127.0.0.1:5432 (or BENCH_DATABASE_URL), so the
 * embedded database's own memory is not counted; `pglite` as the third argument forces PGlite.
 * Reports the server's resident memory (VmRSS from /proc) before, with every stream open, and
 * the growth per stream. Needs about 2×N file descriptors here and in the server (`ulimit -n`).
 *
 * Run: node --import tsx bench/chat-concurrent-streams.ts [streams=1000] [tokenIntervalMs=1000] [postgres|pglite]
 * (BENCH_HEAP_SNAPSHOT=<ms to wait> with SERVER_NODE_ARGS="--heapsnapshot-signal=SIGUSR2 --diagnostic-dir=DIR"
 * writes a heap snapshot of the server while every stream is open)
 */
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { signInOverHttp } from '../e2e/oidc-login';
import { startPortal } from '../e2e/portal-server';
import { startFakeUpstream } from '../apps/server/test/llm/fake-upstream';
import { freshPostgres, writeBenchConfig } from './chat-bench-support';

const streams = Number(process.argv[2] ?? 1000);
const tokenIntervalMs = Number(process.argv[3] ?? 1000);
const BATCH = 50;
const databaseUrl = process.argv[4] === 'pglite' ? undefined : await freshPostgres('portal_chat_streams_bench');
const databaseLabel = databaseUrl ? 'PostgreSQL' : 'PGlite';

function rssKiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
}

const fake = await startFakeUpstream();
// Long enough that every stream is still open when memory is read.
fake.setDefault({ tokens: Array.from({ length: 600 }, (_, i) => `t${i} `), intervalMs: tokenIntervalMs });
const portal = await startPortal({
  PORTAL_CONFIG: writeBenchConfig(fake.baseUrl),
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});
const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
const open: { destroy(): void }[] = [];

/** Starts one stream and resolves once its first answer event arrived. */
function openStream(token: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ prompt: 'hold this stream open', model_type: 100, temperature: 1 });
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
  const started = performance.now();
  for (let i = 0; i < streams; i += BATCH) {
    await Promise.all(Array.from({ length: Math.min(BATCH, streams - i) }, () => openStream(token)));
  }
  const openedIn = (performance.now() - started) / 1000;
  await new Promise((r) => setTimeout(r, tokenIntervalMs * 2));
  const during = rssKiB(portal.pid);
  const upstreamOpen = fake.chatRequests.filter((r) => !r.completed && !r.cancelled).length;

  console.info(
    `concurrent answer streams through one server process (${databaseLabel}), token every ${tokenIntervalMs} ms`,
  );
  console.info(
    `  streams open:            ${streams} (opened in ${openedIn.toFixed(1)} s; upstream calls open: ${upstreamOpen})`,
  );
  console.info(`  server VmRSS before:     ${(before / 1024).toFixed(1)} MiB`);
  console.info(`  server VmRSS with all:   ${(during / 1024).toFixed(1)} MiB`);
  console.info(`  growth per open stream:  ${((during - before) / streams).toFixed(1)} KiB   (budget ≤ 60 KiB)`);
  if (process.env.BENCH_HEAP_SNAPSHOT) {
    // Start the server with SERVER_NODE_ARGS="--heapsnapshot-signal=SIGUSR2 --diagnostic-dir=DIR":
    // the snapshot of every stream open shows where the per-stream memory goes.
    process.kill(portal.pid, 'SIGUSR2');
    await new Promise((r) => setTimeout(r, Number(process.env.BENCH_HEAP_SNAPSHOT)));
  }
} finally {
  for (const req of open) req.destroy();
  agent.destroy();
  await portal.stop();
  await fake.close();
}

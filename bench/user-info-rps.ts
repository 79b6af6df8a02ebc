/**
 * Requests per second of GET /api/user/info with a valid token, on PGlite and (when
 * BENCH_DATABASE_URL is set, or PostgreSQL answers on 127.0.0.1:5432) on PostgreSQL.
 * The server runs in its own process; this process only generates load over keep-alive connections.
 *
 * Run: node --import tsx bench/user-info-rps.ts [seconds=5] [connections=32]
 */
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import pg from 'pg';
import { signInOverHttp } from '../e2e/oidc-login';
import { startPortal } from '../e2e/portal-server';

const seconds = Number(process.argv[2] ?? 5);
const connections = Number(process.argv[3] ?? 32);

function get(agent: Agent, url: URL, token: string): Promise<number> {
  return new Promise((done, fail) => {
    const req = request(url, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
      res.resume();
      res.on('end', () => done(res.statusCode ?? 0));
    });
    req.on('error', fail);
    req.end();
  });
}

/** CPU time (user + system) the server process has used, in milliseconds (Linux /proc, 100 Hz ticks). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function load(baseUrl: string, token: string, pid: number) {
  const url = new URL('/api/user/info', baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  // Warm up: connections, JIT, the database's caches.
  await Promise.all(Array.from({ length: connections * 4 }, () => get(agent, url, token)));
  let ok = 0;
  let failed = 0;
  const until = Date.now() + seconds * 1000;
  const worker = async () => {
    while (Date.now() < until) {
      if ((await get(agent, url, token)) === 200) ok++;
      else failed++;
    }
  };
  const started = performance.now();
  const cpuBefore = cpuMs(pid);
  await Promise.all(Array.from({ length: connections }, worker));
  const elapsed = (performance.now() - started) / 1000;
  const cpuPerRequestUs = ((cpuMs(pid) - cpuBefore) * 1000) / Math.max(1, ok + failed);
  agent.destroy();
  return { rps: Math.round(ok / elapsed), ok, failed, cpuPerRequestUs };
}

async function postgresUrl(): Promise<string | undefined> {
  const admin = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: admin });
  try {
    await client.connect();
    await client.query('DROP DATABASE IF EXISTS portal_bench');
    await client.query('CREATE DATABASE portal_bench');
    return admin.replace(/\/[^/]*$/, '/portal_bench');
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function run(label: string, env: Record<string, string>, budget: number) {
  const portal = await startPortal(env);
  try {
    const { access_token } = await signInOverHttp(portal.baseUrl, 'staff', 'staff123');
    const result = await load(portal.baseUrl, access_token.token, portal.pid);
    console.log(
      `${label.padEnd(10)} GET /api/user/info: ${result.rps} req/s (budget ≥ ${budget} req/s; ${result.ok} ok, ${result.failed} failed, ${connections} connections, ${seconds} s)`,
    );
    // Throughput depends on what else the machine runs; the server's own CPU per call does not.
    console.log(
      `${''.padEnd(10)} server CPU per request: ${result.cpuPerRequestUs.toFixed(0)} µs (≈ ${Math.round(1e6 / result.cpuPerRequestUs)} req/s per core)`,
    );
  } finally {
    await portal.stop();
  }
}

await run('PGlite', {}, 2_000);
const databaseUrl = await postgresUrl();
if (databaseUrl) await run('PostgreSQL', { DATABASE_URL: databaseUrl }, 5_000);
else console.log('PostgreSQL  skipped: no server at 127.0.0.1:5432');

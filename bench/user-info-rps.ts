/**
 * Requests per second of GET /api/user/info with a valid token, on PGlite and (when
 * BENCH_DATABASE_URL is set, or PostgreSQL answers on 127.0.0.1:5432) on PostgreSQL.
 * The server runs in its own process; this process only generates load over keep-alive connections.
 *
 * Run: node --import tsx bench/user-info-rps.ts [seconds=5] [connections=32]
 */
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

async function load(baseUrl: string, token: string) {
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
  await Promise.all(Array.from({ length: connections }, worker));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  return { rps: Math.round(ok / elapsed), ok, failed };
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
    const result = await load(portal.baseUrl, access_token.token);
    console.log(
      `${label.padEnd(10)} GET /api/user/info: ${result.rps} req/s (budget ≥ ${budget} req/s; ${result.ok} ok, ${result.failed} failed, ${connections} connections, ${seconds} s)`,
    );
  } finally {
    await portal.stop();
  }
}

await run('PGlite', {}, 2_000);
const databaseUrl = await postgresUrl();
if (databaseUrl) await run('PostgreSQL', { DATABASE_URL: databaseUrl }, 5_000);
else console.log('PostgreSQL  skipped: no server at 127.0.0.1:5432');

/**
 * Behaviour-analytics benchmark, on PGlite and (when PostgreSQL answers on 127.0.0.1:5432, or at
 * BENCH_DATABASE_URL) on PostgreSQL in a fresh database `portal_bench_analytics`.
 *
 * 1. Ingest: the portal runs in its own process (startPortal); several clients post batches of
 *    100 events over keep-alive connections for a few seconds, while one more client times
 *    GET /api/user/info to show what ingest costs the rest of the API. The collect rate limit is
 *    lifted through a temporary config file (`analytics.*rate_limit_per_minute`, the row budget).
 * 2. Dashboard: the server is built in this process on a fresh database, 1,000,000 events are
 *    generated straight into it with INSERT … SELECT generate_series, the rollup runs over the
 *    31 days they cover, and every dashboard endpoint is timed (median of several calls).
 *
 * Run: node --import tsx bench/analytics-ingest.ts [ingestSeconds=8] [clients=8] [events=1000000]
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { analyticsConstants } from '@portal/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { parseConfig } from '../apps/server/src/config/load';
import type { DbTarget } from '../apps/server/src/db/client';
import { signInOverHttp } from '../e2e/oidc-login';
import { startPortal } from '../e2e/portal-server';

const ingestSeconds = Number(process.argv[2] ?? 8);
const clients = Number(process.argv[3] ?? 8);
const generatedEvents = Number(process.argv[4] ?? 1_000_000);
const BATCH = 100;
const DB_NAME = 'portal_bench_analytics';
const repoRoot = resolve(import.meta.dirname, '..');

const rawConfig = JSON.parse(readFileSync(join(repoRoot, 'portal.config.example.json'), 'utf8')) as Record<
  string,
  unknown
>;
const benchConfig = {
  ...rawConfig,
  analytics: {
    ...(rawConfig.analytics as object),
    rate_limit_per_minute: 1_000_000,
    address_rate_limit_per_minute: 1_000_000,
    // Raw throughput is measured here, so the global budget is lifted too.
    ingest_rows_per_minute: 100_000_000,
    ingest_rows_per_day: 100_000_000,
    rollup_interval_seconds: 0,
  },
};

// ---------- ingest ----------

let sequence = 0;
function uuidFor(n: number, client: number): string {
  const hex = n.toString(16).padStart(12, '0');
  return `${client.toString(16).padStart(8, '0')}-0000-4000-8000-${hex}`;
}

/** A batch as the SDK would send it: a page's lifecycle, API results, route changes. */
function batchBody(client: number): string {
  const now = Date.now();
  const events: string[] = [];
  for (let i = 0; i < BATCH; i++) {
    const n = ++sequence;
    const kind = n % 10;
    const type = kind < 4 ? 200 : kind < 6 ? 106 : kind === 6 ? 12 : kind === 7 ? 300 : 101;
    const detail =
      type === 200
        ? {
            duration_ms: n % 900,
            http_status: n % 53 === 0 ? 500 : 200,
            code: 0,
            message: 'ok',
            path: `/api/app/list`,
            request_id: `r${n}`,
          }
        : type === 106
          ? { from: '/home', to: '/chatgpt', route_name: 'chatgpt' }
          : type === 12
            ? { app_key: 'chatgpt' }
            : type === 300
              ? { message: `TypeError: bench ${n % 7}`, stack: 'at bench (bench.js:1:1)' }
              : {};
    events.push(
      JSON.stringify({
        event_id: uuidFor(n, client),
        anonymous_id: `bench-${client}`,
        tab_id: `tab-${client}`,
        cycle_id: `cycle-${client}-${Math.floor(n / 50)}`,
        page_url: 'http://127.0.0.1/chatgpt?x=1',
        referrer: '',
        ts: now,
        screen: { width: 1920, height: 1080 },
        scroll: { width: 1920, height: 2400 },
        app_key: 'portal',
        user_id: String(client),
        app_version: analyticsConstants.appVersion,
        app_name: 'AI 门户',
        channel: 'web',
        env: 'online',
        suid: null,
        schema_version: analyticsConstants.schemaVersion,
        type,
        detail,
      }),
    );
  }
  return `{"events":[${events.join(',')}]}`;
}

function get(agent: Agent, url: URL, token: string): Promise<number> {
  const started = performance.now();
  return new Promise((done, fail) => {
    const req = request(url, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
      res.resume();
      res.on('end', () => done(performance.now() - started));
    });
    req.on('error', fail);
    req.end();
  });
}

/** Sequential GET /api/user/info calls until `until`; their latency shows what ingest costs the rest of the API. */
async function probe(url: URL, token: string, until: () => boolean): Promise<number[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const latencies: number[] = [];
  while (!until()) {
    latencies.push(await get(agent, url, token));
    await new Promise((r) => setTimeout(r, 20));
  }
  agent.destroy();
  return latencies;
}

function post(agent: Agent, url: URL, body: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((done, fail) => {
    const req = request(
      url,
      {
        agent,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () => done({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      },
    );
    req.on('error', fail);
    req.end(body);
  });
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

async function ingest(label: string, env: Record<string, string>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-analytics-'));
  const configPath = join(dir, 'portal.config.json');
  writeFileSync(configPath, JSON.stringify(benchConfig));
  const portal = await startPortal({ ...env, PORTAL_CONFIG: configPath });
  try {
    const url = new URL('/api/analytics/collect', portal.baseUrl);
    const infoUrl = new URL('/api/user/info', portal.baseUrl);
    const { access_token } = await signInOverHttp(portal.baseUrl, 'staff', 'staff123');
    const idleUntil = Date.now() + 2000;
    const idle = await probe(infoUrl, access_token.token, () => Date.now() >= idleUntil);

    const agent = new Agent({ keepAlive: true, maxSockets: clients });
    for (let c = 0; c < clients; c++) await post(agent, url, batchBody(c));
    let batches = 0;
    let shed = 0;
    let failed = 0;
    const latencies: number[] = [];
    const until = Date.now() + ingestSeconds * 1000;
    const worker = async (client: number) => {
      while (Date.now() < until) {
        const { status, ms } = await post(agent, url, batchBody(client));
        if (status === 200) {
          batches++;
          latencies.push(ms);
        } else if (status === 429) {
          // As the SDK does: back off, then send the batch again.
          shed++;
          await new Promise((r) => setTimeout(r, 1000));
        } else failed++;
      }
    };
    const started = performance.now();
    const [loaded] = await Promise.all([
      probe(infoUrl, access_token.token, () => Date.now() >= until),
      ...Array.from({ length: clients }, (_, c) => worker(c)),
    ]);
    const elapsed = (performance.now() - started) / 1000;
    agent.destroy();
    const ms = (values: number[], p: number) => `${percentile(values, p).toFixed(1)} ms`;
    console.info(
      `${label.padEnd(10)} ingest: ${Math.round((batches * BATCH) / elapsed)} events/s ` +
        `(${batches} batches of ${BATCH}, ${shed} shed with 429, ${failed} failed, ${clients} clients, ${elapsed.toFixed(1)} s; ` +
        `batch p50 ${ms(latencies, 50)}, p95 ${ms(latencies, 95)})`,
    );
    console.info(
      `${label.padEnd(10)} GET /api/user/info meanwhile: p50 ${ms(loaded ?? [], 50)}, p95 ${ms(loaded ?? [], 95)} ` +
        `(idle: p50 ${ms(idle, 50)}, p95 ${ms(idle, 95)})`,
    );
  } finally {
    await portal.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

// ---------- dashboard queries over generated events ----------

const APPS = ['portal', 'chatgpt', 'deepseek', 'metaso', 'pdf', 'report', 'red', 'addbg', 'brainstorm', 'insight'];
const GENERATE_CHUNK = 100_000;
const SPAN_SECONDS = 30 * 86_400;

/** One chunk of synthetic events spread over the last 30 days; ~20 events per service cycle. */
function generateChunk(first: number, last: number) {
  const apps = sql.raw(`ARRAY[${APPS.map((a) => `'${a}'`).join(',')}]`);
  return sql`
    INSERT INTO analytics_events
      (event_id, type, ts, app_key, anonymous_id, user_id, auth_user_id, cycle_id, page_url, detail, context)
    SELECT md5(g.i::text)::uuid, g.t,
           now() - make_interval(secs => (${SPAN_SECONDS} - 1 - g.i % ${SPAN_SECONDS})),
           (${apps})[1 + (g.i / 20) % 10],
           'anon-' || (g.i / 20) % 5000,
           CASE WHEN (g.i / 20) % 5000 < 3000 THEN ((g.i / 20) % 5000)::text END,
           NULL, 'cycle-' || (g.i / 20), 'http://portal/home',
           CASE g.t
             WHEN 12 THEN jsonb_build_object('app_key', (${apps})[1 + g.i % 10])
             WHEN 200 THEN jsonb_build_object('duration_ms', (g.i * 7) % 2000,
               'http_status', CASE WHEN g.i % 37 = 0 THEN 500 ELSE 200 END,
               'code', CASE WHEN g.i % 41 = 0 THEN 1002 ELSE 0 END, 'message', '',
               'path', '/api/' || (${apps})[1 + g.i % 10] || '/p' || g.i % 15, 'request_id', g.i::text)
             WHEN 300 THEN jsonb_build_object('message', 'TypeError: generated ' || g.i % 40)
             ELSE '{}'::jsonb
           END,
           '{"tab_id":"t","referrer":"","screen":{"width":1920,"height":1080},"scroll":{"width":1920,"height":2400},"app_version":"1.6.0","app_name":"AI 门户","channel":"web","env":"online","suid":null,"schema_version":"1.1.0"}'::jsonb
    FROM (
      SELECT i, CASE i % 20 WHEN 0 THEN 12 WHEN 1 THEN 12 WHEN 2 THEN 200 WHEN 3 THEN 200 WHEN 4 THEN 200
                            WHEN 5 THEN 200 WHEN 6 THEN 200 WHEN 7 THEN 200 WHEN 8 THEN 300 WHEN 9 THEN 100
                            WHEN 10 THEN 100 WHEN 11 THEN 102 WHEN 12 THEN 102 ELSE 106 END AS t
      FROM generate_series(${first}::int, ${last}::int) AS i
    ) AS g`;
}

const day = (offsetDays: number) =>
  new Date(Date.now() + 8 * 3_600_000 - offsetDays * 86_400_000).toISOString().slice(0, 10);

async function dashboard(label: string, database: DbTarget): Promise<void> {
  const app = await buildApp({ config: parseConfig(benchConfig), database, publicUrl: 'http://127.0.0.1:0' });
  await app.ready();
  try {
    let started = performance.now();
    for (let first = 0; first < generatedEvents; first += GENERATE_CHUNK) {
      await app.db.execute(generateChunk(first, Math.min(generatedEvents, first + GENERATE_CHUNK) - 1));
    }
    await app.db.execute(sql`ANALYZE analytics_events`);
    const generateMs = performance.now() - started;

    const account = app.services.users;
    const admin = await account.upsertFromClaims({
      subject: 'admin',
      login: 'admin',
      userName: '管理员',
      email: '',
      mobile: '',
      avatar: '',
      groups: ['portal-admins'],
    });
    const token = (await app.services.sessions.start(admin)).access_token.token;
    const headers = { authorization: `Bearer ${token}` };
    const range = { from: day(30), to: day(0) };

    started = performance.now();
    const rolled = await app.inject({ method: 'POST', url: '/api/analytics/admin/rollup', headers, payload: range });
    const rollupMs = performance.now() - started;
    const rolledDays = (rolled.json() as { data: { days: number } }).data.days;

    const timings: string[] = [];
    const endpoints: Array<[string, Record<string, string>]> = [
      ['overview', range],
      ['app-opens', range],
      ['cycles', range],
      ['api', range],
      ['script-errors', range],
      ['app', { ...range, app_key: 'chatgpt' }],
    ];
    for (const [name, query] of endpoints) {
      const runs: number[] = [];
      for (let i = 0; i < 7; i++) {
        const t0 = performance.now();
        const res = await app.inject({ method: 'GET', url: `/api/analytics/admin/${name}`, headers, query });
        runs.push(performance.now() - t0);
        if ((res.json() as { code: number }).code !== 0) throw new Error(`${name} failed: ${res.body}`);
      }
      timings.push(`${name} ${percentile(runs, 50).toFixed(1)} ms`);
    }
    const overview = (
      await app.inject({ method: 'GET', url: '/api/analytics/admin/overview', headers, query: range })
    ).json() as { data: { events: number } };
    console.info(
      `${label.padEnd(10)} ${overview.data.events.toLocaleString('en')} events: generated in ${(generateMs / 1000).toFixed(1)} s, ` +
        `rollup of ${rolledDays} days ${(rollupMs / 1000).toFixed(1)} s`,
    );
    console.info(`${label.padEnd(10)} dashboard over 31 days (median of 7): ${timings.join(', ')}`);
  } finally {
    await app.close();
  }
}

// ---------- main ----------

async function freshPostgres(): Promise<string | undefined> {
  const admin = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: admin });
  try {
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${DB_NAME}`);
    return admin.replace(/\/[^/]*$/, `/${DB_NAME}`);
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}

await ingest('PGlite', {});
const pgliteDir = mkdtempSync(join(tmpdir(), 'bench-analytics-pglite-'));
try {
  await dashboard('PGlite', { kind: 'pglite', dataDir: pgliteDir });
} finally {
  rmSync(pgliteDir, { recursive: true, force: true });
}

const ingestUrl = await freshPostgres();
if (!ingestUrl) {
  console.info('PostgreSQL skipped: no server at 127.0.0.1:5432');
} else {
  await ingest('PostgreSQL', { DATABASE_URL: ingestUrl });
  const queryUrl = await freshPostgres();
  if (queryUrl) await dashboard('PostgreSQL', { kind: 'postgres', url: queryUrl });
}

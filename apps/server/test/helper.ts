import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import type { AccountInfo, Envelope, LoginResponse } from '@portal/contract';
import type { FastifyInstance, FastifyPluginAsync, InjectOptions } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type AppOptions } from '../src/app';
import { loadConfig } from '../src/config/load';
import { repoRoot } from '../src/config/paths';
import type { PortalConfig } from '../src/config/schema';
import { openDatabase, type Db, type DbHandle, type DbTarget } from '../src/db/client';

export interface TestApp {
  app: FastifyInstance;
  /** The listening origin, also the app's PUBLIC_URL. */
  baseUrl: string;
  config: PortalConfig;
  /** The app's database, for tests that open a second connection to it. */
  database: DbTarget;
  close(): Promise<void>;
}

export interface BuildTestAppOptions {
  accessTokenTtlSeconds?: number;
  authRateLimit?: AppOptions['authRateLimit'];
  redisUrl?: string;
  rateLimitNamespace?: string;
  extraRoutes?: FastifyPluginAsync[];
  webDistDir?: string;
  config?: (config: PortalConfig) => PortalConfig;
  logger?: AppOptions['logger'];
  /** PUBLIC_URL when not the listening origin (say https behind a proxy); sign-ins through /oidc need the default. */
  publicUrl?: string;
  /** The database as the app should reach it (through a proxy a test can cut), given the test's. */
  databaseVia?: (target: DbTarget) => Promise<DbTarget>;
}

export function exampleConfig(): PortalConfig {
  const config = loadConfig(resolve(repoRoot, 'portal.config.example.json'));
  // The social-note module's sample notes (3,000, analysed in a background job) would cost every
  // test app seconds of CPU; its own tests ask for them (test/red/helpers.ts).
  return { ...config, red: { ...config.red, sample_data: false } };
}

/**
 * A free port, held by a placeholder listener until `release` just before the app listens: the
 * app is built with its address (the OIDC issuer) first, which takes a while, and a port merely
 * found free can meanwhile become another connection's local port (EADDRINUSE under a busy run).
 */
async function reservePort(): Promise<{ port: number; release(): Promise<void> }> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolvePort({ port, release: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

/**
 * The database for one test file: in-memory PGlite, or a fresh PostgreSQL database created on the
 * TEST_DB server and dropped afterwards, so files never see each other's rows.
 */
let migratedCopy: Promise<Blob> | undefined;

/**
 * An in-memory database with every migration applied, as a data-directory tarball, made once per
 * worker process (server files share their worker's modules): each file's database starts from
 * it instead of running initdb and the migrations again.
 */
function migratedPglite(): Promise<Blob> {
  migratedCopy ??= (async () => {
    const handle = await openDatabase({ kind: 'pglite' });
    try {
      const client = (handle.db as unknown as { $client: { dumpDataDir(compression: 'none'): Promise<Blob> } }).$client;
      return await client.dumpDataDir('none');
    } finally {
      await handle.close();
    }
  })();
  return migratedCopy;
}

export async function testDatabase(): Promise<{ target: DbTarget; drop(): Promise<void> }> {
  const testDb = process.env.TEST_DB ?? 'pglite';
  if (testDb === 'pglite')
    return { target: { kind: 'pglite', startFrom: await migratedPglite() }, drop: async () => undefined };
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testDb });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(testDb);
  url.pathname = `/${name}`;
  return {
    target: { kind: 'postgres', url: url.toString() },
    async drop() {
      const client = new pg.Client({ connectionString: testDb });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** A test database opened (so migrated) for the tests of one file or describe block. */
export interface OpenTestDatabase {
  /** The open database; read it in tests and in hooks registered after the call. */
  readonly handle: DbHandle;
  /** Shorthand for `handle.db`. */
  readonly db: Db;
}

/**
 * Opens this file's own test database, with every migration applied, before the tests of the
 * enclosing describe block (or of the file, called at the top), and closes and drops it after
 * them. For suites that test the database or a service directly, without an app.
 */
export function migratedTestDatabase(): OpenTestDatabase {
  let handle: DbHandle | undefined;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const database = await testDatabase();
    drop = database.drop;
    handle = await openDatabase(database.target);
  });
  afterAll(async () => {
    await handle?.close();
    await drop?.();
  });
  const opened = (): DbHandle => {
    if (!handle) throw new Error('the test database is open only from its beforeAll on');
    return handle;
  };
  return {
    get handle() {
      return opened();
    },
    get db() {
      return opened().db;
    },
  };
}

/** Builds the app on its own database, listening on a real port so OIDC round trips work. */
export async function buildTestApp(opts: BuildTestAppOptions = {}): Promise<TestApp> {
  const database = await testDatabase();
  const { port, release } = await reservePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = (opts.config ?? ((c) => c))(exampleConfig());
  const app = await buildApp({
    config,
    database: opts.databaseVia ? await opts.databaseVia(database.target) : database.target,
    publicUrl: opts.publicUrl ?? baseUrl,
    accessTokenTtlSeconds: opts.accessTokenTtlSeconds,
    authRateLimit: opts.authRateLimit ?? { max: 1000, timeWindow: 60_000 },
    extraRoutes: opts.extraRoutes,
    redisUrl: opts.redisUrl,
    rateLimitNamespace: opts.rateLimitNamespace,
    webDistDir: opts.webDistDir,
    logger: opts.logger,
  }).finally(release);
  await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    baseUrl,
    config,
    database: database.target,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

export const demoPasswords: Record<string, string> = { admin: 'admin123', staff: 'staff123' };

/** Parses an injected response's envelope. */
export function body<T = unknown>(res: { json(): unknown }): Envelope<T> {
  return res.json() as Envelope<T>;
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

/** Sends an API request with an access token. */
export function api(t: TestApp, token: string, opts: InjectOptions) {
  return t.app.inject({ ...opts, headers: { ...bearer(token), ...(opts.headers ?? {}) } });
}

class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (!pair || eq < 1) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

export interface ProviderResult {
  code: string;
  state: string;
  /** The pages the browser would have seen, for assertions on the sign-in form. */
  loginPage: string;
}

/**
 * Walks the built-in provider like a browser: the authorize URL, the sign-in form, the redirects,
 * until the provider sends the browser back to `${PUBLIC_URL}/login?code=&state=`.
 */
export async function completeProviderLogin(
  t: TestApp,
  authorizeUrl: string,
  login: string,
  password = demoPasswords[login] ?? '',
): Promise<ProviderResult> {
  const jar = new CookieJar();
  let url = authorizeUrl;
  let loginPage = '';
  let form: { action: string } | undefined;
  for (let step = 0; step < 12; step++) {
    const res = form
      ? await fetch(form.action, {
          method: 'POST',
          redirect: 'manual',
          headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ login, password }).toString(),
        })
      : await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    form = undefined;
    jar.store(res);
    if (res.status >= 300 && res.status < 400) {
      const next = new URL(res.headers.get('location') ?? '', url);
      if (next.origin + next.pathname === `${t.baseUrl}/login`) {
        const code = next.searchParams.get('code');
        const state = next.searchParams.get('state');
        if (!code || !state) throw new Error(`provider returned without a code: ${next.toString()}`);
        return { code, state, loginPage };
      }
      url = next.toString();
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action || res.status >= 500)
      throw new Error(`unexpected provider page (${res.status}): ${html.slice(0, 300)}`);
    if (loginPage && res.status === 401) throw new Error(`sign-in refused for ${login}`);
    loginPage = html;
    form = { action: new URL(action.replace(/&amp;/g, '&'), url).toString() };
  }
  throw new Error('too many provider steps');
}

/** The sign-in cookie each test sign-in was started with, by state: the browser that began it. */
const browserCookies = new Map<string, string>();

/** The `cookie` header of the browser that started the sign-in with this state. */
export function browserCookieFor(state: string): string {
  return browserCookies.get(state) ?? '';
}

export async function authorizeUrl(t: TestApp, from?: string, cookie?: string): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/user/authorize',
    query: from ? { from } : {},
    headers: cookie ? { cookie } : {},
  });
  const env = body<{ url: string }>(res);
  if (env.code !== 0) throw new Error(`authorize failed: ${env.message}`);
  const setCookie = res.headers['set-cookie'];
  const pair = (Array.isArray(setCookie) ? setCookie[0] : setCookie)?.split(';')[0] ?? '';
  const state = new URL(env.data.url).searchParams.get('state');
  if (state) browserCookies.set(state, pair);
  return env.data.url;
}

/** The full sign-in of section 4 through the built-in provider. */
export async function signInAs(t: TestApp, login: string, from?: string): Promise<LoginResponse> {
  const { code, state } = await completeProviderLogin(t, await authorizeUrl(t, from), login);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { code, state },
    headers: { cookie: browserCookieFor(state) },
  });
  const env = body<LoginResponse>(res);
  if (env.code !== 0) throw new Error(`login failed: ${env.code} ${env.message}`);
  return env.data;
}

/** Tokens for a demo account without the provider round trip, for suites that test something else. */
export async function issueTokensFor(
  t: TestApp,
  login: string,
): Promise<{
  access_token: { token: string; expire_at: number };
  refresh_token: { token: string; expire_at: number };
  account_info: AccountInfo;
}> {
  const account = t.config.demo_accounts.find((a) => a.login === login);
  if (!account) throw new Error(`no demo account ${login}`);
  const { users, sessions } = t.app.services;
  const user = await users.upsertFromClaims({
    subject: account.login,
    login: account.login,
    userName: account.name,
    email: account.email,
    mobile: account.mobile,
    avatar: account.avatar,
    groups: [...account.groups, ...(account.department ? [account.department] : [])],
  });
  return { ...(await sessions.start(user)), account_info: await users.accountInfo(user) };
}

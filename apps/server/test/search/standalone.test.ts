import { ErrorCode, SEARCH_TOKEN_HEADER, type Envelope, type SearchResult, type SearchSummary } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchConfigSchema } from '../../src/modules/search/config';
import { SEARCH_EXECUTION_JOB } from '../../src/modules/search/runner';
import { buildSearchApp } from '../../src/search-app';
import { AUDIT_PURGE_JOB } from '../../src/services/audit/audit-retention';
import { DOCUMENT_PARSE_JOB } from '../../src/services/documents';
import { bearer, buildTestApp, exampleConfig, issueTokensFor, testDatabase, type TestApp } from '../helper';
import { startFakeWeb, type FakeWeb } from './fake-web';

/** The portal's address (PUBLIC_URL): its pages call the service from there. */
const PORTAL = 'http://portal.example.test';

/** The search service as a process of its own, on its own port, called from the portal's pages. */
describe('search service on an address of its own', () => {
  let web: FakeWeb;
  let t: TestApp;
  let base: string;
  let access: string;
  let search: string;

  beforeAll(async () => {
    web = await startFakeWeb();
    const database = await testDatabase();
    const config = exampleConfig();
    const searchConfig = {
      ...config,
      jobs: { ...config.jobs, poll_ms: 100, sweep_ms: 300, lease_ms: 3_000 },
      search: searchConfigSchema.parse({
        backends: [{ kind: 'bocha', url: `${web.origin}/bocha/v1/web-search` }],
        allowed_private_hosts: ['127.0.0.1'],
        backend: { retry_base_ms: 10 },
      }),
    };
    const app = await buildSearchApp({ config: searchConfig, database: database.target, publicUrl: PORTAL });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    t = {
      app,
      baseUrl: base,
      config: searchConfig,
      database: database.target,
      close: async () => {
        await app.close();
        await database.drop();
      },
    };
    // The portal's token (same database and secret), as the portal would have issued it.
    access = (await issueTokensFor(t, 'staff')).access_token.token;
  });
  afterAll(async () => {
    await t?.close();
    await web?.close();
  });

  const send = async <T>(method: 'GET' | 'POST', path: string, input: Record<string, unknown>, origin = PORTAL) => {
    const url = new URL(`${base}/search-api/${path}`);
    const headers: Record<string, string> = { origin, ...bearer(access) };
    if (search) headers[SEARCH_TOKEN_HEADER] = search;
    let body: string | undefined;
    if (method === 'GET') for (const [k, v] of Object.entries(input)) url.searchParams.set(k, String(v));
    else {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(input);
    }
    const res = await fetch(url, { method, headers, body });
    return { res, env: (await res.json()) as Envelope<T> };
  };

  it('answers the portal’s origin, preflights included, and no other', async () => {
    const account = t.config.demo_accounts.find((a) => a.login === 'staff')!;
    const login = await send<{ token: string }>('POST', 'auth/loginByV1User', {
      mobile: account.mobile,
      name: account.name,
      avatar_url: '',
      domain: 'mind',
    });
    expect(login.env.code).toBe(0);
    expect(login.res.headers.get('access-control-allow-origin')).toBe(PORTAL);
    expect(login.res.headers.get('access-control-allow-credentials')).toBeNull();
    search = login.env.data.token;

    const preflight = (origin: string) =>
      fetch(`${base}/search-api/session/addByApp`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': `authorization,content-type,${SEARCH_TOKEN_HEADER}`,
        },
      });
    const allowed = await preflight(PORTAL);
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(PORTAL);
    expect(allowed.headers.get('access-control-allow-headers')).toContain(SEARCH_TOKEN_HEADER);
    const refused = await preflight('http://elsewhere.example.test');
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();

    // Another origin's call is answered without the header, so its browser keeps it from the page.
    const other = await send('GET', 'session/listByDomain', { domain: 'mind' }, 'http://elsewhere.example.test');
    expect(other.res.headers.get('access-control-allow-origin')).toBeNull();
    // The gate's refusals carry the header too, so the page can read 1001/1002 and react.
    const noToken = await fetch(`${base}/search-api/session/listByDomain?domain=mind`, { headers: { origin: PORTAL } });
    expect(noToken.status).toBe(401);
    expect(noToken.headers.get('access-control-allow-origin')).toBe(PORTAL);
    // Only the search service: none of the portal's routes.
    expect((await fetch(`${base}/app-config.json`)).status).toBe(404);
  });

  it('runs a quick search through it, with citations, and none of the portal’s jobs', async () => {
    // Only its own job: the portal's replicas run the others, document parses included.
    expect(t.app.services.jobs.names()).toEqual([SEARCH_EXECUTION_JOB]);
    const foreign = [
      await t.app.services.jobs.send(AUDIT_PURGE_JOB, {}),
      await t.app.services.jobs.send(DOCUMENT_PARSE_JOB, { fileId: 'none' }),
    ];
    const session = await send<{ session_id: string }>('POST', 'session/addByApp', {
      app_doi: 'metaso',
      domain: 'mind',
    });
    const init = await send<{ execution_id: string }>('GET', 'workflow/execute/init', {
      session_id: session.env.data.session_id,
      app_id: 'metaso',
      workflow_id: 'quick',
      domain: 'mind',
    });
    const id = init.env.data.execution_id;
    const started = await send('POST', 'workflow/execute/runStep', {
      execution_id: id,
      query: '青石港自动化码头',
      domain: 'mind',
    });
    expect(started.env.code).toBe(0);
    const deadline = Date.now() + 60_000;
    let result: SearchResult;
    for (;;) {
      result = (await send<SearchResult>('GET', 'workflow/execute/getResult', { execution_id: id, domain: 'mind' })).env
        .data;
      if (result.status !== 'running') break;
      if (Date.now() > deadline) throw new Error(`run still running: ${JSON.stringify(result)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(result.status).toBe('done');
    const summary = await send<SearchSummary>('GET', 'search/summary/result', { execution_id: id, domain: 'mind' });
    expect(summary.res.headers.get('access-control-allow-origin')).toBe(PORTAL);
    expect(summary.env.data.citations.map((c) => c.url)).toContain(`${web.origin}/page/terminal`);
    // Queued before the run, due all along, and still untouched after it.
    for (const id of foreign) expect((await t.app.services.jobs.get(id))?.state).toBe('queued');
  });

  it('is allowed by the portal’s pages (connect-src) when the portal points there', async () => {
    const portal = await buildTestApp({
      config: (c) => ({
        ...c,
        search: searchConfigSchema.parse({ api_domain: `${base}/search-api/`, serve_in_portal: false }),
      }),
    });
    try {
      const page = await portal.app.inject('/');
      const connect = String(page.headers['content-security-policy'])
        .split(';')
        .find((d) => d.startsWith('connect-src '));
      // The service's origin and nothing else new (https: was there already).
      expect(connect).toBe(`connect-src 'self' https: ${base}`);
      expect((await portal.app.inject('/app-config.json')).json<{ searchApiDomain: string }>().searchApiDomain).toBe(
        `${base}/search-api/`,
      );
      // It leaves the service's work to the service's process, and its path is no page here.
      expect(portal.app.services.jobs.names()).not.toContain(SEARCH_EXECUTION_JOB);
      const stray = await portal.app.inject('/search-api/session/listByDomain');
      expect(stray.statusCode).toBe(404);
      expect(stray.json()).toMatchObject({ code: ErrorCode.notFound });
    } finally {
      await portal.close();
    }
  });
});

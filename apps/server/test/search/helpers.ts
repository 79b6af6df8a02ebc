import { SEARCH_TOKEN_HEADER, type Envelope, type SearchResult } from '@portal/contract';
import type { InjectOptions } from 'fastify';
import type { PortalConfig } from '../../src/config/schema';
import { searchConfigSchema } from '../../src/modules/search/config';
import { bearer, body, buildTestApp, issueTokensFor, type BuildTestAppOptions, type TestApp } from '../helper';

export interface SearchCallerTokens {
  access: string;
  search: string;
  mobile: string;
  name: string;
}

/** The app with the search service reading the fake web (its host listed as an intranet host). */
export async function buildSearchApp(
  fakeOrigin: string | null,
  search: Record<string, unknown> = {},
  providers?: PortalConfig['providers'],
  databaseVia?: BuildTestAppOptions['databaseVia'],
): Promise<TestApp> {
  return buildTestApp({
    databaseVia,
    config: (c) => ({
      ...c,
      ...(providers ? { providers } : {}),
      jobs: { ...c.jobs, poll_ms: 100, sweep_ms: 300, lease_ms: 3_000 },
      search: searchConfigSchema.parse({
        backends: fakeOrigin
          ? [
              { kind: 'searxng', url: `${fakeOrigin}/searxng` },
              { kind: 'bocha', url: `${fakeOrigin}/bocha/v1/web-search` },
            ]
          : [],
        allowed_private_hosts: fakeOrigin ? ['127.0.0.1'] : [],
        fetch: { timeout_ms: 2_000, max_bytes: 200_000 },
        backend: { retry_base_ms: 10 },
        ...search,
      }),
    }),
  });
}

/** Portal tokens and a search token for a demo account. */
export async function signInSearch(t: TestApp, login: string): Promise<SearchCallerTokens> {
  const issued = await issueTokensFor(t, login);
  const account = t.config.demo_accounts.find((a) => a.login === login)!;
  const res = await t.app.inject({
    method: 'POST',
    url: '/search-api/auth/loginByV1User',
    headers: bearer(issued.access_token.token),
    payload: { mobile: account.mobile, name: account.name, avatar_url: '', domain: 'mind' },
  });
  const env = body<{ token: string }>(res);
  if (env.code !== 0) throw new Error(`search login failed: ${env.code} ${env.message}`);
  return { access: issued.access_token.token, search: env.data.token, mobile: account.mobile, name: account.name };
}

export async function call<T = unknown>(
  t: TestApp,
  who: SearchCallerTokens,
  opts: InjectOptions & { url: string },
): Promise<{ status: number; env: Envelope<T> }> {
  const res = await t.app.inject({
    ...opts,
    url: `/search-api/${opts.url}`,
    headers: { ...bearer(who.access), [SEARCH_TOKEN_HEADER]: who.search, ...(opts.headers ?? {}) },
  });
  return { status: res.statusCode, env: body<T>(res) };
}

export const getS = <T = unknown>(
  t: TestApp,
  who: SearchCallerTokens,
  url: string,
  query: Record<string, string> = {},
) => call<T>(t, who, { method: 'GET', url, query: { domain: 'mind', ...query } });

export const postS = <T = unknown>(
  t: TestApp,
  who: SearchCallerTokens,
  url: string,
  payload: Record<string, unknown>,
) => call<T>(t, who, { method: 'POST', url, payload: { domain: 'mind', ...payload } });

/** Polls the run until `check` holds; generous for a busy machine. */
export async function waitRun(
  t: TestApp,
  who: SearchCallerTokens,
  executionId: string,
  check: (r: SearchResult) => boolean,
  timeoutMs = 60_000,
): Promise<SearchResult> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { env } = await getS<SearchResult>(t, who, 'workflow/execute/getResult', { execution_id: executionId });
    if (env.code === 0 && check(env.data)) return env.data;
    if (Date.now() > deadline) throw new Error(`run not as expected: ${JSON.stringify(env).slice(0, 800)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A session and an execution of a workflow in it. */
export async function startRun(t: TestApp, who: SearchCallerTokens, workflowId: string): Promise<string> {
  const session = await postS<{ session_id: string }>(t, who, 'session/addByApp', { app_doi: 'metaso' });
  const init = await getS<{ execution_id: string }>(t, who, 'workflow/execute/init', {
    session_id: session.env.data.session_id,
    app_id: 'metaso',
    workflow_id: workflowId,
  });
  if (init.env.code !== 0) throw new Error(`init failed: ${init.env.message}`);
  return init.env.data.execution_id;
}

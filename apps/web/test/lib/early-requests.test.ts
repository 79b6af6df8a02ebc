import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstApiPaths, type FirstRequestsTable } from '../../src/boot/first-api-paths';
import {
  EARLY_REQUEST_TTL_MS,
  takeEarlyApi,
  takeEarlyConfig,
  type EarlyApiRequest,
} from '../../src/lib/early-requests';
import { createHttpClient, type ApiResult } from '../../src/lib/http-client';
import type { Parser } from '../../src/lib/parsers';
import { createFakeFetch, ok } from '../../src/testing/fake-fetch';

const table: FirstRequestsTable = {
  everyPage: ['/api/user/info'],
  pages: [
    { path: '^/home/?$', api: ['/api/app/list'] },
    { path: '^/chatgpt(?:/|$)', appKey: 'chatgpt', api: ['/api/chatgpt/models'] },
  ],
};

const session = (appKey: string, authorized: boolean) => ({
  access_token: { token: 'access-1' },
  account_info: { app_list: [{ app_key: appKey, be_authorized: authorized }] },
});

/** An early GET whose reply is already in. */
function early(url: string, reply: Response | null, overrides: Partial<EarlyApiRequest> = {}): EarlyApiRequest {
  return {
    url,
    authorization: 'Bearer access-1',
    requestId: 'early-1',
    startedAt: performance.now(),
    response: Promise.resolve(reply),
    ...overrides,
  };
}

function client(takeEarly: (url: string, authorization: string) => EarlyApiRequest | undefined) {
  const fake = createFakeFetch(() => ok({ from: 'network' }));
  const results: ApiResult[] = [];
  const http = createHttpClient({
    baseUrl: () => '/',
    fetch: fake.fetch,
    takeEarly,
    session: {
      accessToken: () => 'access-1',
      refreshToken: () => 'refresh-1',
      searchToken: () => undefined,
      setTokens: vi.fn(),
      setAccountInfo: vi.fn(),
      clear: vi.fn(),
    },
    effects: { warning: vi.fn(), toastError: vi.fn(), navigate: vi.fn(), reload: vi.fn(), currentPath: () => '/home' },
    requestId: () => 'own-1',
  });
  http.onResult((result) => results.push(result));
  return { http, fake, results };
}

const envelope = (data: unknown) => new Response(JSON.stringify({ code: 0, message: 'ok', data }));

describe('which requests start early', () => {
  it('asks the account and the page’s data on a page in the table', () => {
    expect(firstApiPaths(table, '/home', session('chatgpt', true))).toEqual(['/api/user/info', '/api/app/list']);
  });

  it('asks a module’s data only with the right to open it', () => {
    expect(firstApiPaths(table, '/chatgpt/welcome', session('chatgpt', true))).toEqual([
      '/api/user/info',
      '/api/chatgpt/models',
    ]);
    expect(firstApiPaths(table, '/chatgpt/welcome', session('chatgpt', false))).toEqual(['/api/user/info']);
    expect(firstApiPaths(table, '/chatgpt-archive', session('chatgpt', true))).toEqual(['/api/user/info']);
  });
});

describe('taking early requests over', () => {
  afterEach(() => {
    delete window.__portalEarlyRequests;
  });

  it('hands each one out once, only for the same address and Authorization, while fresh', () => {
    const now = performance.now();
    window.__portalEarlyRequests = {
      api: [
        early('/api/app/list', null, { startedAt: now }),
        early('/api/user/info', null, { startedAt: now - EARLY_REQUEST_TTL_MS - 1 }),
      ],
    };
    expect(takeEarlyApi('/api/app/list', 'Bearer access-2', now)).toBeUndefined();
    expect(takeEarlyApi('/api/app/list', 'Bearer access-1', now)?.url).toBe('/api/app/list');
    expect(takeEarlyApi('/api/app/list', 'Bearer access-1', now)).toBeUndefined();
    expect(takeEarlyApi('/api/user/info', 'Bearer access-1', now)).toBeUndefined();
  });

  it('hands the config out once', async () => {
    const config = Promise.resolve(new Response('{}'));
    window.__portalEarlyRequests = { config, api: [] };
    expect(takeEarlyConfig()).toBe(config);
    expect(takeEarlyConfig()).toBeUndefined();
  });

  it('uses the early reply instead of asking again, and reports it under its own request id', async () => {
    const taken = vi.fn((url: string) =>
      url === '/api/app/list' ? early(url, envelope({ from: 'early' })) : undefined,
    );
    const { http, fake, results } = client(taken);
    await expect(http.get('/api/app/list')).resolves.toEqual({ from: 'early' });
    expect(taken).toHaveBeenCalledWith('/api/app/list', 'Bearer access-1');
    expect(fake.requests).toHaveLength(0);
    expect(results[0]?.requestId).toBe('early-1');
    await expect(http.get('/api/user/info')).resolves.toEqual({ from: 'network' });
    expect(fake.requests.map((r) => r.path)).toEqual(['/api/user/info']);
  });

  it('asks again when the early request failed, and never for POSTs or callers that may abort', async () => {
    const taken = vi.fn((url: string) => early(url, null));
    const { http, fake } = client(taken);
    await expect(http.get('/api/app/list')).resolves.toEqual({ from: 'network' });
    await http.post('/api/app/list', {});
    await http.get('/api/app/list', { signal: new AbortController().signal });
    expect(taken).toHaveBeenCalledTimes(1);
    expect(fake.requests).toHaveLength(3);
  });

  it('sends the request before a schema that is still loading has arrived', async () => {
    let arrive: (parser: Parser<{ from: string }>) => void = () => {};
    const schema = new Promise<Parser<{ from: string }>>((resolve) => {
      arrive = resolve;
    });
    const { http, fake } = client(() => undefined);
    const reply = http.get('/api/chatgpt/models', { schema });
    await vi.waitFor(() => expect(fake.requests).toHaveLength(1));
    arrive({ safeParse: (data) => ({ success: true, data: data as { from: string } }) });
    await expect(reply).resolves.toEqual({ from: 'network' });
  });
});

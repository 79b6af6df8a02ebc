import { endpointKey, ErrorCode, type Endpoint } from '@portal/contract';
import { allEndpoints } from '@portal/contract/endpoint-list';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { api, body, buildTestApp, type TestApp } from '../helper';
import { tokenFor } from '../chat/helpers';

/**
 * Routes that are not the portal's API: the built-in demo sign-in provider speaks the OpenID
 * Connect protocol under /oidc (documented by its own discovery document), and the SPA's pages and
 * assets (`/*`, served when the web app is built).
 */
const NOT_API = /^(\/oidc(\/|$)|\/?\*$)/;

describe('every endpoint is declared once in the contract', () => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  const declared = allEndpoints();

  beforeAll(async () => {
    // The embedded tools' proxy routes exist only when a tool is configured (nothing listens there).
    t = await buildTestApp({
      config: (c) => ({
        ...c,
        embedded: {
          ...c.embedded,
          comfyui: { url: 'http://127.0.0.1:9' },
          stablediffusion: { url: 'http://127.0.0.1:9' },
        },
      }),
    });
    admin = await tokenFor(t, 'admin');
    staff = await tokenFor(t, 'staff');
  });
  afterAll(async () => t?.close());

  const registered = () =>
    t.app.registeredRoutes.filter(
      (r) => r.method !== 'HEAD' && r.method !== 'OPTIONS' && !NOT_API.test(r.url) && r.url !== '*',
    );

  it('has a descriptor for every registered route', () => {
    const keys = new Set(declared.map((e) => endpointKey(e.method, e.path)));
    // A proxied tool (`/embedded/<app>/*`, every method) is one declaration: the proxy registers
    // its catch-all under several methods and spellings.
    const proxied = declared
      .filter((e) => e.reply === 'proxy' && e.path.endsWith('/*'))
      .map((e) => e.path.slice(0, -2));
    const missing = registered()
      .filter((r) => !proxied.some((base) => r.url === base || r.url.startsWith(`${base}/`)))
      .map((r) => endpointKey(r.method, r.url))
      .filter((key) => !keys.has(key));
    expect(missing).toEqual([]);
  });

  it('registers every descriptor, once', () => {
    const routes = registered().map((r) => endpointKey(r.method, r.url));
    const keys = declared.map((e) => endpointKey(e.method, e.path));
    expect(keys.filter((key) => !routes.includes(key))).toEqual([]);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
  });

  it('describes the data of every envelope endpoint', () => {
    const undescribed = declared.filter((e) => (e.reply ?? 'envelope') === 'envelope' && !e.data).map((e) => e.path);
    expect(undescribed).toEqual([]);
  });

  it('answers what it declares on every GET it can call with example input', async () => {
    // Example values for the query fields GET endpoints require; an endpoint whose query still does
    // not parse (it names a conversation, a file…) is covered by its module's own tests.
    const today = new Date().toISOString().slice(0, 10);
    const examples = { from: today, to: today, app_key: 'chatgpt', user_id: '1' };
    const callable = declared.flatMap((e: Endpoint) => {
      if (e.method !== 'GET' || !['envelope', 'json'].includes(e.reply ?? 'envelope') || e.path === '/readyz')
        return [];
      if (!e.query) return [{ e, query: {} }];
      for (const query of [{}, examples]) if (z.safeParse(e.query, query).success) return [{ e, query }];
      return [];
    });
    expect(callable.length).toBeGreaterThan(30);
    for (const { e, query } of callable) {
      const res = await api(t, admin, { method: 'GET', url: e.path, query });
      const payload = (e.reply ?? 'envelope') === 'envelope' ? body(res) : { code: 0, data: res.json() };
      expect({ path: e.path, code: payload.code }).toEqual({ path: e.path, code: 0 });
      const checked = z.safeParse(e.data!, payload.data);
      expect({ path: e.path, issues: checked.success ? [] : checked.error.issues }).toEqual({
        path: e.path,
        issues: [],
      });
    }
  });

  it('serves the OpenAPI 3.1 document to administrators only', async () => {
    const refused = await api(t, staff, { method: 'GET', url: '/api/admin/openapi.json' });
    expect(body(refused).code).toBe(ErrorCode.forbidden);

    const res = await api(t, admin, { method: 'GET', url: '/api/admin/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, { responses: unknown }>> };
    expect(doc.openapi).toBe('3.1.0');
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => endpointKey(method, path)),
    );
    expect(operations.sort()).toEqual(
      declared.map((e) => endpointKey(e.method, e.path.replace(/:(\w+)/g, '{$1}'))).sort(),
    );
    const ask = doc.paths['/api/chatgpt/conversation/create']?.post as {
      requestBody?: { content: Record<string, unknown> };
    };
    expect(Object.keys(ask.requestBody?.content ?? {})).toEqual(['application/json']);
  });
});

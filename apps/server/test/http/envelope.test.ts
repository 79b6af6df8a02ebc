import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parse } from '../../src/lib/validate';
import { api, body, buildTestApp, issueTokensFor, type TestApp } from '../helper';

const failing: FastifyPluginAsync = async (app) => {
  app.get('/api/chatgpt/boom', async () => {
    throw new Error('secret internal detail: connection string postgres://x');
  });
  app.post('/api/chatgpt/echo', async (request) => parse(z.object({ conv_id: z.string().min(1) }), request.body));
};

let t: TestApp;
let notBuilt: TestApp;
let dist: string;
let token: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'portal-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.info(1)');
  writeFileSync(join(dist, 'version.js'), 'window.__version__="1"');
  [t, notBuilt] = await Promise.all([
    buildTestApp({ extraRoutes: [failing], webDistDir: dist }),
    buildTestApp({ webDistDir: join(dist, 'missing') }),
  ]);
  token = (await issueTokensFor(t, 'staff')).access_token.token;
});
afterAll(async () => {
  await Promise.all([t?.close(), notBuilt?.close()]);
  rmSync(dist, { recursive: true, force: true });
});

describe('envelopes', () => {
  it('unknown API route → 404 4004 接口不存在', async () => {
    const res = await api(t, token, { method: 'GET', url: '/api/nothing/here' });
    expect(res.statusCode).toBe(404);
    expect(body(res)).toEqual({ code: 4004, message: '接口不存在', data: null });
  });

  it('validation error → 400 4001 naming the field', async () => {
    const res = await api(t, token, { method: 'POST', url: '/api/chatgpt/echo', payload: { conv_id: '' } });
    expect(res.statusCode).toBe(400);
    expect(body(res).code).toBe(4001);
    expect(body(res).message).toMatch(/^参数 conv_id 不合法：/);
    const query = await api(t, token, { method: 'GET', url: '/api/app/detail' });
    expect(body(query).message).toMatch(/^参数 app_key 不合法：/);
  });

  it('malformed JSON → 400 4001', async () => {
    const res = await api(t, token, {
      method: 'POST',
      url: '/api/chatgpt/echo',
      payload: '{"conv_id":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(body(res).code).toBe(4001);
  });

  it('unexpected error → 500 5000 without internals', async () => {
    const res = await api(t, token, { method: 'GET', url: '/api/chatgpt/boom' });
    expect(res.statusCode).toBe(500);
    expect(body(res)).toEqual({ code: 5000, message: '服务器内部错误，请稍后再试', data: null });
    expect(res.body).not.toContain('secret internal detail');
    expect(res.body).not.toContain('at ');
  });
});

describe('request id', () => {
  it('echoes a sane incoming id', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/app-config.json',
      headers: { 'x-request-id': 'abc-123_XYZ.789' },
    });
    expect(res.headers['x-request-id']).toBe('abc-123_XYZ.789');
  });

  it('replaces an insane one and generates one when missing', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user/info',
      headers: { 'x-request-id': 'bad id <script>' },
    });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const none = await t.app.inject({ method: 'GET', url: '/api/user/info' });
    expect(none.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('runtime config', () => {
  it('serves /app-config.json uncached per the contract', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/app-config.json?_=123' });
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toEqual({
      clientId: 'portal',
      title: 'AI 门户',
      apiDomain: '/',
      bfaUrl: '/api/analytics/collect',
      bfaAutoFinishDelay: {},
      analyticsTimeZone: 'Asia/Shanghai',
      searchApiDomain: '/search-api/',
      imageHosts: [],
    });
  });
});

describe('the single-page app', () => {
  it('serves index.html with security headers and no caching', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root">');
    expect(res.headers['cache-control']).toBe('no-cache');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('falls back to index.html for client routes, not for API or assets', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/chatgpt/session?id=3' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['cache-control']).toBe('no-cache');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/missing-123.js' });
    expect(asset.statusCode).toBe(404);
    const post = await t.app.inject({ method: 'POST', url: '/some-page' });
    expect(post.statusCode).toBe(404);
    expect(body(post).code).toBe(4004);
  });

  it('caches hashed assets for a long time and version.js not at all', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const version = await t.app.inject({ method: 'GET', url: '/version.js?r=1' });
    expect(version.headers['cache-control']).toBe('no-cache');
  });

  it('without a build, answers with a short Chinese page', async () => {
    const res = await notBuilt.app.inject({ method: 'GET', url: '/home' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('网页应用尚未构建');
    expect(body(await notBuilt.app.inject({ method: 'GET', url: '/api/user/authorize' })).code).toBe(0);
  });
});

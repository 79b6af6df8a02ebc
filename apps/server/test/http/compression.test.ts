import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ask, chatgptAsk } from '../chat/helpers';
import { api, buildTestApp, issueTokensFor, type TestApp } from '../helper';

const ALL = 'gzip, deflate, br';
const bigJs = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i}`))};\n`;
const bigList = Array.from({ length: 300 }, (_, i) => ({ id: i, name: `应用 ${i}`, description: 'x'.repeat(20) }));

const extra: FastifyPluginAsync = async (app) => {
  app.get('/api/chatgpt/test-big', async () => ({ code: 0, message: 'ok', data: { list: bigList } }));
  app.get('/api/chatgpt/test-small', async () => ({ code: 0, message: 'ok', data: { n: 1 } }));
  // An event stream sent through reply.send (not hijacked) must not be compressed either.
  app.get('/api/chatgpt/test-events', async (_request, reply) => {
    reply.type('text/event-stream; charset=utf-8');
    return 'event: message\ndata: {"text":"hi"}\n\n'.repeat(200);
  });
};

let t: TestApp;
let dist: string;
let token: string;

/** A built app in miniature: pages, a fingerprinted asset with its .br/.gz copies, version.js. */
function writeDist(dir: string) {
  mkdirSync(join(dir, 'assets'));
  const index = `<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div>${'<!-- pad -->'.repeat(200)}</body></html>`;
  const login = '<!doctype html><html><body><main data-page="login"></main></body></html>';
  writeFileSync(join(dir, 'index.html'), index);
  writeFileSync(join(dir, 'index.html.br'), brotliCompressSync(index));
  writeFileSync(join(dir, 'index.html.gz'), gzipSync(index));
  writeFileSync(join(dir, 'login.html'), login);
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), bigJs);
  writeFileSync(join(dir, 'assets', 'index-abc123.js.br'), brotliCompressSync(bigJs));
  writeFileSync(join(dir, 'assets', 'index-abc123.js.gz'), gzipSync(bigJs));
  writeFileSync(join(dir, 'version.js'), 'window.__PORTAL_VERSION__ = "1";\n');
}

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'portal-dist-'));
  writeDist(dist);
  t = await buildTestApp({ extraRoutes: [extra], webDistDir: dist });
  token = (await issueTokensFor(t, 'staff')).access_token.token;
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

/** The body as text, whichever encoding it came in. */
function text(res: { headers: Record<string, unknown>; rawPayload: Buffer }): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString();
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString();
  return res.rawPayload.toString();
}

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('built assets', () => {
  it('sends the brotli copy of a fingerprinted asset, cached for a year', async () => {
    const res = await get('/assets/index-abc123.js', ALL);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(bigJs);
  });

  it('sends the gzip copy to a browser without brotli', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe(bigJs);
  });

  it('sends the file itself without Accept-Encoding, still varying on it', async () => {
    const res = await get('/assets/index-abc123.js');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.body).toBe(bigJs);
  });

  it('serves pages compressed and never cached without revalidation', async () => {
    for (const url of ['/', '/home', '/chatgpt/welcome?x=1']) {
      const res = await get(url, ALL);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<div id="root">');
    }
    const version = await get('/version.js', ALL);
    expect(version.headers['cache-control']).toBe('no-cache');
  });

  it('answers /login without a code with the small sign-in page, with a code with the app', async () => {
    for (const url of ['/login', '/login?from=%2Fhome', '/login?from=%2Fhome&prompt=login']) {
      const res = await get(url, ALL);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(text(res)).toContain('data-page="login"');
    }
    const back = await get('/login?code=abc&state=def', ALL);
    expect(text(back)).toContain('<div id="root">');
  });
});

describe('API responses', () => {
  it('compresses a large JSON response by Accept-Encoding', async () => {
    const br = await api(t, token, {
      method: 'GET',
      url: '/api/chatgpt/test-big',
      headers: { 'accept-encoding': ALL },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString()).data.list).toHaveLength(300);

    const gz = await api(t, token, {
      method: 'GET',
      url: '/api/chatgpt/test-big',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString()).data.list).toHaveLength(300);

    const plain = await api(t, token, { method: 'GET', url: '/api/chatgpt/test-big' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().data.list).toHaveLength(300);
  });

  it('leaves small JSON responses alone', async () => {
    const res = await api(t, token, {
      method: 'GET',
      url: '/api/chatgpt/test-small',
      headers: { 'accept-encoding': ALL },
    });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ code: 0, message: 'ok', data: { n: 1 } });
  });

  it('never compresses an event stream sent through reply.send', async () => {
    const res = await api(t, token, {
      method: 'GET',
      url: '/api/chatgpt/test-events',
      headers: { 'accept-encoding': ALL },
    });
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.startsWith('event: message\n')).toBe(true);
  });

  it('never compresses the askStream event stream', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/chatgpt/message/askStream',
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': ALL, accept: 'text/event-stream' },
      payload: chatgptAsk('你好，请简单介绍一下你自己'),
    });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^text\/event-stream/);
    expect(res.headers['content-encoding']).toBeUndefined();
    // Readable as plain text: the events are there, the last one finishes the answer.
    expect(res.body).toContain('event: finish');
    // The helper the chat suites use sees the same plain stream.
    const again = await ask(t, token, 'chatgpt', chatgptAsk('再说一遍'));
    expect(again.events.at(-1)?.event).toBe('finish');
  });
});

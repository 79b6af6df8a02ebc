import { request as httpRequest } from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, body, type TestApp } from '../helper';
import { FakeComfy, FakeSd } from './fake-tools';
import { buildEmbeddedApp, enter, eventually, getCode, openSocket, openTool, tokenFor, toolFetch } from './helpers';

let t: TestApp;
let comfy: FakeComfy;
let sd: FakeSd;
let alice: { token: string; userId: number };

beforeAll(async () => {
  comfy = await new FakeComfy().start();
  sd = await new FakeSd().start();
  // Timed rounds far apart: a revocation must close open sockets through the rights-change notice.
  t = await buildEmbeddedApp({ comfy, sd, embedded: { recheck_ms: 60_000 } });
  alice = await tokenFor(t, 'alice');
});
afterAll(async () => {
  await t?.close();
  await comfy?.close();
  await sd?.close();
});

/** A raw request, so the path reaches the server exactly as written (fetch would normalise it). */
function rawGet(path: string, cookie: string): Promise<number> {
  const { hostname, port } = new URL(t.baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, path, headers: { cookie } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the one-time code and the cookie', () => {
  it('lands on the tool with a path-scoped HttpOnly SameSite cookie', async () => {
    const code = await getCode(t, alice.token, 'comfyui');
    expect(code.code).toBe(0);
    expect(code.data.embed_url).toMatch(/^\/embedded\/comfyui\/__portal\/enter\?code=/);
    const entered = await enter(t, code.data.embed_url);
    expect(entered.status).toBe(302);
    expect(entered.location).toBe('/embedded/comfyui/');
    expect(entered.setCookie).toContain('Path=/embedded/comfyui/');
    expect(entered.setCookie).toContain('HttpOnly');
    expect(entered.setCookie).toContain('SameSite=Strict');
    const page = await toolFetch(t, entered.cookie, '/embedded/comfyui/');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Fake ComfyUI');
  });

  it('sends the tool’s folder without its slash to the folder, where its cookie and frontend work', async () => {
    // ComfyUI's frontend takes its API address from the page's folder; the cookie's path has the slash.
    const { hostname, port } = new URL(t.baseUrl);
    const location = await new Promise<string | undefined>((resolve, reject) => {
      const req = httpRequest({ host: hostname, port, path: '/embedded/comfyui?workflow=a' }, (res) => {
        res.resume();
        resolve(res.statusCode === 302 ? res.headers.location : `status ${res.statusCode}`);
      });
      req.on('error', reject);
      req.end();
    });
    expect(location).toBe('/embedded/comfyui/?workflow=a');
  });

  it('refuses the tool without a cookie, with a forged one, and one of the other app', async () => {
    expect((await toolFetch(t, '', '/embedded/comfyui/')).status).toBe(401);
    const cookie = await openTool(t, alice.token, 'comfyui');
    const forged = cookie.replace(/=(\d+)\./, (_m, id: string) => `=${Number(id) + 1}.`);
    expect((await toolFetch(t, forged, '/embedded/comfyui/')).status).toBe(401);
    const sdCookie = await openTool(t, alice.token, 'stablediffusion');
    const moved = sdCookie.replace('portal_embed_stablediffusion', 'portal_embed_comfyui');
    expect((await toolFetch(t, moved, '/embedded/comfyui/')).status).toBe(401);
    expect((await toolFetch(t, sdCookie, '/embedded/stablediffusion/')).status).toBe(200);
  });

  it('refuses a used code, an expired code, an unknown code and another app’s code', async () => {
    const used = await getCode(t, alice.token, 'comfyui');
    expect((await enter(t, used.data.embed_url)).status).toBe(302);
    const again = await enter(t, used.data.embed_url);
    expect(again.status).toBe(401);
    expect(again.setCookie).toBe('');

    const expired = await getCode(t, alice.token, 'comfyui');
    await t.app.db.execute(
      sql`update one_time_codes set expires_at = now() - interval '1 second' where used_at is null`,
    );
    expect((await enter(t, expired.data.embed_url)).status).toBe(401);

    expect((await enter(t, '/embedded/comfyui/__portal/enter?code=nothing')).status).toBe(401);
    expect((await enter(t, '/embedded/comfyui/__portal/enter')).status).toBe(401);

    const sdCode = await getCode(t, alice.token, 'stablediffusion');
    const crossed = sdCode.data.embed_url.replace('/stablediffusion/', '/comfyui/');
    expect((await enter(t, crossed)).status).toBe(401);
  });

  it('an expired cookie ends access', async () => {
    const cookie = await openTool(t, alice.token, 'comfyui');
    const value = cookie.split('=')[1] ?? '';
    const [id, , mac] = value.split('.');
    const stale = `portal_embed_comfyui=${id}.${Math.floor(Date.now() / 1000) - 1}.${mac}`;
    expect((await toolFetch(t, stale, '/embedded/comfyui/')).status).toBe(401);
  });

  it('needs sign-in and the app right to get a code', async () => {
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/designer/sdwebui/getSDWebUICode',
      payload: { app_key: 'comfyui' },
    });
    expect(body(none).code).toBe(1002);
    const bad = await api(t, alice.token, {
      method: 'POST',
      url: '/api/designer/sdwebui/getSDWebUICode',
      payload: { app_key: 'other' },
    });
    expect(body(bad).code).toBe(4001);
    const carol = await tokenFor(t, 'carol');
    await t.app.services.rights.setRule({ subject_type: 'user', subject: 'carol', app_key: 'comfyui', effect: 'deny' });
    const fresh = await tokenFor(t, 'carol');
    void carol;
    const refused = await getCode(t, fresh.token, 'comfyui');
    expect(refused.code).toBe(4003);
    expect((await getCode(t, fresh.token, 'stablediffusion')).code).toBe(0);
  });

  it('gives a ComfyUI-only user ComfyUI codes and no Stable Diffusion ones', async () => {
    const { rights } = t.app.services;
    await rights.setRule({ subject_type: 'user', subject: 'fiona', app_key: 'stablediffusion', effect: 'deny' });
    const fiona = await tokenFor(t, 'fiona');
    const comfyCode = await getCode(t, fiona.token, 'comfyui');
    expect(comfyCode.code).toBe(0);
    expect((await enter(t, comfyCode.data.embed_url)).status).toBe(302);
    expect((await getCode(t, fiona.token, 'stablediffusion')).code).toBe(4003);
    // The designer prefix's other paths still need the Stable Diffusion right.
    expect(body(await api(t, fiona.token, { method: 'GET', url: '/api/designer/other' })).code).toBe(4003);

    await rights.setRule({ subject_type: 'user', subject: 'fiona', app_key: 'comfyui', effect: 'deny' });
    const neither = await tokenFor(t, 'fiona');
    expect((await getCode(t, neither.token, 'comfyui')).code).toBe(4003);
  });
});

describe('a right revoked mid-session', () => {
  it('ends HTTP at the next request and closes an open WebSocket', async () => {
    const dave = await tokenFor(t, 'dave');
    const cookie = await openTool(t, dave.token, 'comfyui');
    expect((await toolFetch(t, cookie, '/embedded/comfyui/')).status).toBe(200);
    const socket = await openSocket(t, '/embedded/comfyui/ws?clientId=tab1', { cookie });
    await eventually('the status message', () => socket.messages.some((m) => m.type === 'status'));

    await t.app.services.rights.setRule({ subject_type: 'user', subject: 'dave', app_key: 'comfyui', effect: 'deny' });
    // Forbidden, not signed out: opening the tool from the portal again would not help.
    const refused = await toolFetch(t, cookie, '/embedded/comfyui/');
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('您没有使用该应用的权限');
    expect(await socket.closed).toBe(4401);
    await expect(openSocket(t, '/embedded/comfyui/ws?clientId=tab1', { cookie })).rejects.toThrow(/refused 403/);
    await eventually('the tool side to close too', () => ![...comfy.sockets].some((s) => s.url.includes('tab1')));
  });

  it('closes an open WebSocket when its cookie expires', async () => {
    const erin = await tokenFor(t, 'erin');
    const cookie = await openTool(t, erin.token, 'comfyui');
    const socket = await openSocket(t, '/embedded/comfyui/ws', { cookie });
    const watched = [...t.app.embedded.watch['sockets']].find((s) => s.pass.userId === erin.userId);
    expect(watched).toBeDefined();
    // The cookie's expiry as the watch holds it, moved into the past instead of waiting it out.
    watched!.pass.expiresAt = Math.floor(Date.now() / 1000) - 1;
    // What the timer does every recheck_ms.
    await t.app.embedded.watch['round']();
    expect(await socket.closed).toBe(4401);
  });
});

describe('what the tool receives', () => {
  it('never sees portal tokens or cookies, on HTTP, WebSocket and the API; sees the user header', async () => {
    const cookie = await openTool(t, alice.token, 'comfyui');
    const extra = `${cookie}; portal_browser_key=secret-browser; other=1`;
    comfy.seen.length = 0;
    await toolFetch(t, extra, '/embedded/comfyui/object_info', { headers: { authorization: `Bearer ${alice.token}` } });
    await toolFetch(t, extra, '/embedded/comfyui/api/prompt', {
      method: 'POST',
      headers: { authorization: `Bearer ${alice.token}`, 'content-type': 'application/json', 'comfy-user': 'admin' },
      body: JSON.stringify({ prompt: {}, client_id: 'x' }),
    });
    const socket = await openSocket(t, '/embedded/comfyui/ws', {
      cookie: extra,
      authorization: `Bearer ${alice.token}`,
      'x-portal-user': '1',
    });
    socket.ws.close();
    await api(t, alice.token, { method: 'POST', url: '/api/comfyui', payload: { path: '/object_info' } });
    expect(comfy.seen.length).toBeGreaterThanOrEqual(4);
    for (const seen of comfy.seen) {
      expect(seen.headers.cookie, seen.url).toBeUndefined();
      expect(seen.headers.authorization, seen.url).toBeUndefined();
      expect(JSON.stringify(seen.headers)).not.toContain(alice.token);
      expect(JSON.stringify(seen.headers)).not.toContain('secret-browser');
      expect(seen.headers['x-portal-user']).toBe(String(alice.userId));
      expect(seen.headers['comfy-user']).toBe(`portal-${alice.userId}`);
    }
    expect(comfy.seen.some((s) => s.method === 'UPGRADE')).toBe(true);
  });

  it('answers with headers that keep the tool inside the portal and drops the tool’s cookies', async () => {
    const cookie = await openTool(t, alice.token, 'stablediffusion');
    const res = await toolFetch(t, cookie, '/embedded/stablediffusion/');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.getSetCookie().join(';')).not.toContain('tool=1');
  });

  it('refuses encoded path tricks before anything reaches the tool', async () => {
    const cookie = await openTool(t, alice.token, 'comfyui');
    comfy.seen.length = 0;
    sd.seen.length = 0;
    for (const path of [
      '/embedded/comfyui/%2e%2e/%2e%2e/etc/passwd',
      '/embedded/comfyui/%2E%2E/stablediffusion/',
      '/embedded/comfyui/%252e%252e/x',
      '/embedded/comfyui/..%5c..%5cx',
      '/embedded/comfyui/a\\..\\b',
      '/embedded/comfyui/./view',
      '/embedded/comfyui/../stablediffusion/internal/secret',
      '/embedded/comfyui/view/..',
      '/embedded/comfyui/x/.?a=1',
      '/embedded/comfyui/%00',
    ]) {
      expect(await rawGet(path, cookie), path).toBe(400);
    }
    expect(comfy.seen).toEqual([]);
    expect(sd.seen).toEqual([]);
  });

  it('proxies the SD WebUI Gradio socket with the same rules', async () => {
    const cookie = await openTool(t, alice.token, 'stablediffusion');
    const socket = await openSocket(t, '/embedded/stablediffusion/queue/join', { cookie });
    await eventually('send_hash', () => socket.messages.some((m) => m.msg === 'send_hash'));
    socket.ws.send(JSON.stringify({ fn_index: 1 }));
    await eventually('the echo', () => socket.messages.some((m) => m.msg === 'echo'));
    socket.ws.close();
    await expect(openSocket(t, '/embedded/stablediffusion/queue/join', {})).rejects.toThrow(/refused 401/);
  });
});

/**
 * Plain GETs over HTTP are answered before Fastify's router (fast-proxy.ts); `inject` always goes
 * through the router, so the two are compared here.
 */
describe('the fast path of the plain proxy', () => {
  /** Headers that differ between any two answers, or between a socket and `inject`. */
  const PER_ANSWER = new Set([
    'date',
    'x-request-id',
    'connection',
    'keep-alive',
    'transfer-encoding',
    'content-length',
  ]);
  const comparable = (headers: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_ANSWER.has(name)));

  it('answers with the status, headers and body the router gives, compressed by the same rule', async () => {
    const cookie = await openTool(t, alice.token, 'stablediffusion');
    for (const encoding of ['identity', 'br']) {
      const headers = { cookie, 'accept-encoding': encoding };
      const routed = await t.app.inject({ method: 'GET', url: '/embedded/stablediffusion/', headers });
      const fast = await fetch(`${t.baseUrl}/embedded/stablediffusion/`, { headers });
      expect(fast.status).toBe(routed.statusCode);
      expect(comparable(Object.fromEntries(fast.headers))).toEqual(comparable(routed.headers));
      expect(fast.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      expect(await fast.text()).toContain('Fake SD WebUI');
    }
  });

  it('checks with the same function as the router and leaves refusals to it', async () => {
    const check = vi.spyOn(t.app.embedded.access, 'check');
    try {
      const cookie = await openTool(t, alice.token, 'comfyui');
      check.mockClear();
      expect((await toolFetch(t, cookie, '/embedded/comfyui/object_info')).status).toBe(200);
      expect(check).toHaveBeenCalledTimes(1);
      check.mockClear();
      const refused = await toolFetch(
        t,
        cookie.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
        '/embedded/comfyui/',
      );
      expect(refused.status).toBe(401);
      expect(await refused.text()).toContain('访问已失效，请回到门户重新打开此工具');
      expect(refused.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
      // Once on the fast path, once more in the router's hook, which answers.
      expect(check).toHaveBeenCalledTimes(2);
    } finally {
      check.mockRestore();
    }
  });

  it('ends the browser’s answer when the tool breaks its own off, and goes on serving', async () => {
    const cookie = await openTool(t, alice.token, 'stablediffusion');
    const broken = await toolFetch(t, cookie, '/embedded/stablediffusion/broken');
    expect(broken.status).toBe(200);
    await expect(broken.text()).rejects.toThrow();
    const next = await toolFetch(t, cookie, '/embedded/stablediffusion/');
    expect(await next.text()).toContain('Fake SD WebUI');
  });

  it('renews a cookie past half its life, for the tool’s path only', async () => {
    const { cookies } = t.app.embedded;
    const ttl = t.app.portalConfig.embedded.cookie_ttl_seconds;
    const old = cookies.issue('comfyui', alice.userId, Date.now() - ttl * 600);
    const res = await toolFetch(t, `portal_embed_comfyui=${old.value}`, '/embedded/comfyui/object_info');
    expect(res.status).toBe(200);
    const renewed = res.headers.getSetCookie().join('\n');
    expect(renewed).toMatch(/^portal_embed_comfyui=\d+\.\d+\.[\w-]{43}; Path=\/embedded\/comfyui\/;/);
    expect(renewed).not.toContain(old.value);
  });
});

import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedConfigSchema } from '../../src/modules/embedded/config';
import { toolOriginRewrite } from '../../src/modules/embedded/tool-origin';
import { api, type TestApp } from '../helper';
import { FakeComfy } from './fake-tools';
import { buildEmbeddedApp, eventually, getCode, openSocket, tokenFor } from './helpers';

/** A plain-http origin, so the portal's CSP must name it (its `https:` source would not cover it). */
const TOOL_ORIGIN = 'http://comfy.tools.test';
const TOOL_HOST = 'comfy.tools.test';

let t: TestApp;
let comfy: FakeComfy;
let alice: { token: string; userId: number };

beforeAll(async () => {
  comfy = await new FakeComfy().start();
  t = await buildEmbeddedApp({ embedded: { comfyui: { url: comfy.url, origin: TOOL_ORIGIN } } });
  alice = await tokenFor(t, 'alice');
});
afterAll(async () => {
  await t?.close();
  await comfy?.close();
});

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request to the portal's port with the Host a browser would send for that name (fetch cannot set Host). */
function hostRequest(
  host: string,
  path: string,
  headers: Record<string, string> = {},
  init: { method?: string; body?: string } = {},
): Promise<RawAnswer> {
  const { hostname, port } = new URL(t.baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: hostname, port, path, method: init.method ?? 'GET', headers: { ...headers, host } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }),
        );
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

/** The code's address on the tool's origin, loaded like the frame does; answers the cookie it set. */
async function enterOnOrigin(token: string) {
  const code = await getCode(t, token, 'comfyui');
  expect(code.code).toBe(0);
  const url = new URL(code.data.embed_url);
  expect(url.origin).toBe(TOOL_ORIGIN);
  const entered = await hostRequest(url.host, url.pathname + url.search);
  const setCookie = ([] as string[]).concat(entered.headers['set-cookie'] ?? [])[0] ?? '';
  return { entered, setCookie, cookie: setCookie.split(';')[0] ?? '' };
}

describe('a tool on an origin of its own', () => {
  it('redeems the code at the origin’s root with a host-only cookie, then serves the tool at /', async () => {
    const { entered, setCookie, cookie } = await enterOnOrigin(alice.token);
    expect(entered.status).toBe(302);
    expect(entered.headers.location).toBe('/');
    expect(setCookie).toContain('Path=/;');
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    expect(setCookie.toLowerCase()).not.toContain('domain=');

    const page = await hostRequest(TOOL_HOST, '/', { cookie });
    expect(page.status).toBe(200);
    expect(page.body).toContain('Fake ComfyUI');
    // Framed by the portal's origin only; X-Frame-Options (same origin only) would forbid that frame.
    expect(page.headers['content-security-policy']).toContain(`frame-ancestors ${t.baseUrl};`);
    expect(page.headers['x-frame-options']).toBeUndefined();
    expect(comfy.seen.at(-1)?.url).toBe('/');

    // The per-user endpoints at the root too: a prompt queued through /api/prompt is the user's.
    const queued = await hostRequest(
      TOOL_HOST,
      '/api/prompt',
      { cookie, 'content-type': 'application/json' },
      { method: 'POST', body: JSON.stringify({ prompt: {}, client_id: 'tab' }) },
    );
    expect(queued.status).toBe(200);
    expect(comfy.pending.at(-1)?.clientId).toBe(`p${alice.userId}-tab`);
  });

  it('bridges the WebSocket at /ws', async () => {
    const { cookie } = await enterOnOrigin(alice.token);
    const socket = await openSocket(t, '/ws?clientId=own', { cookie, host: TOOL_HOST });
    await eventually('the status message', () => socket.messages.some((m) => m.type === 'status'));
    expect([...comfy.sockets].some((s) => s.url === `/ws?clientId=p${alice.userId}-own`)).toBe(true);
    socket.ws.close();
  });

  it('refuses the root without the cookie, with the portal’s token or cookies only, and the socket too', async () => {
    expect((await hostRequest(TOOL_HOST, '/')).status).toBe(401);
    const portalOnly = await hostRequest(TOOL_HOST, '/', {
      authorization: `Bearer ${alice.token}`,
      cookie: 'portal_refresh=whatever; portal_browser_key=x',
    });
    expect(portalOnly.status).toBe(401);
    // The portal's API does not answer on the tool's host: the path is the tool's, behind its cookie.
    const apiOnToolHost = await hostRequest(TOOL_HOST, '/api/user/info', { authorization: `Bearer ${alice.token}` });
    expect(apiOnToolHost.status).toBe(401);
    expect(apiOnToolHost.body).not.toContain('"code"');
    await expect(openSocket(t, '/ws', { host: TOOL_HOST })).rejects.toThrow(/refused 401/);
  });

  it('does not serve the tool on another host, with or without its cookie', async () => {
    const { cookie } = await enterOnOrigin(alice.token);
    const portalHost = new URL(t.baseUrl).host;
    expect((await hostRequest(portalHost, '/embedded/comfyui/', { cookie })).status).toBe(404);
    expect((await hostRequest('other.tools.test', '/embedded/comfyui/', { cookie })).status).toBe(404);
    // The portal's root on its own host is the portal, not the tool.
    expect((await hostRequest(portalHost, '/', { cookie })).body).not.toContain('Fake ComfyUI');
    await expect(openSocket(t, '/embedded/comfyui/ws', { cookie })).rejects.toThrow(/refused 404/);
    // A code redeemed on the portal's path is refused too: the cookie is only ever set on the origin.
    const code = await getCode(t, alice.token, 'comfyui');
    expect(
      (await hostRequest(portalHost, `/embedded/comfyui/__portal/enter${new URL(code.data.embed_url).search}`)).status,
    ).toBe(404);
  });

  it('names the origin in the portal’s frame-src', async () => {
    const res = await api(t, alice.token, { method: 'GET', url: '/api/comfyui/status' });
    const policy = String(res.headers['content-security-policy']);
    expect(policy).toMatch(new RegExp(`frame-src [^;]*${TOOL_ORIGIN.replace(/\./g, '\\.')}`));
  });
});

describe('the origin setting', () => {
  it('takes an origin only, needs the url, and never the portal’s own host', () => {
    const parse = (comfyui: Record<string, unknown>) => embeddedConfigSchema.safeParse({ comfyui }).success;
    expect(parse({ url: 'http://10.0.0.5:8188', origin: 'https://comfy.portal.example/' })).toBe(true);
    expect(parse({ url: 'http://10.0.0.5:8188', origin: 'https://comfy.portal.example/x' })).toBe(false);
    expect(parse({ url: 'http://10.0.0.5:8188', origin: 'ftp://comfy.portal.example' })).toBe(false);
    expect(parse({ origin: 'https://comfy.portal.example' })).toBe(false);
    const same = embeddedConfigSchema.parse({
      comfyui: { url: 'http://10.0.0.5:8188', origin: 'https://portal.example' },
    });
    expect(() => toolOriginRewrite(same, 'https://portal.example')).toThrow(/不能与门户地址/);
  });
});

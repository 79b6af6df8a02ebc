import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { SdQueueStatus } from '@portal/contract';
import { api, body, buildTestApp, type TestApp } from '../helper';
import { FakeComfy, FakeSd } from './fake-tools';
import { buildEmbeddedApp, eventually, getCode, tokenFor } from './helpers';

let t: TestApp;
let sd: FakeSd;
let comfy: FakeComfy;

beforeAll(async () => {
  sd = await new FakeSd().start();
  comfy = await new FakeComfy().start();
  t = await buildEmbeddedApp({ sd, comfy, embedded: { api_quota: 4 } });
});
afterAll(async () => {
  await t?.close();
  await sd?.close();
  await comfy?.close();
});

function call(token: string, url: string, payload: unknown) {
  return api(t, token, { method: 'POST', url, payload: payload as Record<string, unknown> });
}

describe('the tools’ API for scripts', () => {
  it('calls allow-listed paths and answers with the tool’s response; audits who ran what', async () => {
    const user = await tokenFor(t, 'fay');
    const res = body<{ status: number; body: { images: string[]; parameters: { prompt: string } } }>(
      await call(user.token, '/api/stablediffusion', {
        path: '/sdapi/v1/txt2img',
        method: 'POST',
        body: { prompt: 'cat' },
      }),
    );
    expect(res.code).toBe(0);
    expect(res.data.status).toBe(200);
    expect(res.data.body.parameters.prompt).toBe('cat');
    const models = body<{ body: unknown[] }>(
      await call(user.token, '/api/stablediffusion', { path: '/sdapi/v1/sd-models' }),
    );
    expect(models.data.body).toHaveLength(1);
    const audit = await t.app.db.execute(
      sql`select actor_login, action, target from audit_logs where action = 'embedded.stablediffusion.api' order by id`,
    );
    expect((audit as unknown as { rows: unknown[] }).rows).toEqual([
      { actor_login: 'fay', action: 'embedded.stablediffusion.api', target: 'POST /sdapi/v1/txt2img' },
      { actor_login: 'fay', action: 'embedded.stablediffusion.api', target: 'GET /sdapi/v1/sd-models' },
    ]);
  });

  it('refuses paths outside the allow-list, with tricks or not, before calling the tool', async () => {
    const user = await tokenFor(t, 'gus');
    sd.seen.length = 0;
    comfy.seen.length = 0;
    for (const [url, path] of [
      ['/api/stablediffusion', '/internal/secret'],
      ['/api/stablediffusion', '/sdapi/v1/../../internal/secret'],
      ['/api/stablediffusion', '/sdapi/v1/%2e%2e/%2e%2e/internal/secret'],
      ['/api/stablediffusion', 'http://169.254.169.254/'],
      ['/api/comfyui', '/free'],
      ['/api/comfyui', '/system_stats'],
      ['/api/comfyui', '/userdata/../x'],
    ] as const) {
      const res = await call(user.token, url, { path });
      expect(body(res).code, path).toBe(4001);
    }
    expect(sd.seen).toEqual([]);
    expect(comfy.seen).toEqual([]);
  });

  it('counts calls per user and day against the quota', async () => {
    const user = await tokenFor(t, 'hal');
    for (let i = 0; i < 4; i++) {
      expect(body(await call(user.token, '/api/comfyui', { path: '/object_info' })).code).toBe(0);
    }
    const refused = await call(user.token, '/api/comfyui', { path: '/object_info' });
    expect(refused.statusCode).toBe(429);
    expect(body(refused).code).toBe(4030);
    // Another user and another app have quotas of their own.
    expect(body(await call(user.token, '/api/stablediffusion', { path: '/sdapi/v1/sd-models' })).code).toBe(0);
    expect(body(await call((await tokenFor(t, 'ida')).token, '/api/comfyui', { path: '/object_info' })).code).toBe(0);
  });

  it('shows each user their place in the portal’s queue of SD generations', async () => {
    const first = await tokenFor(t, 'jan');
    const second = await tokenFor(t, 'kim');
    const queueOf = async (token: string) =>
      body<SdQueueStatus>(await api(t, token, { method: 'GET', url: '/api/stablediffusion/queue' })).data;
    expect(await queueOf(first.token)).toEqual({ position: null, waiting: 0 });
    sd.hold = true;
    const a = call(first.token, '/api/stablediffusion', { path: '/sdapi/v1/txt2img', method: 'POST', body: {} });
    await eventually('the first generation to wait', async () => (await queueOf(first.token)).position === 1);
    const b = call(second.token, '/api/stablediffusion', { path: '/sdapi/v1/img2img', method: 'POST', body: {} });
    await eventually('the second generation to wait', async () => (await queueOf(second.token)).position === 2);
    expect(await queueOf(first.token)).toEqual({ position: 1, waiting: 2 });
    sd.hold = false;
    sd.release();
    await Promise.all([a, b]);
    expect(await queueOf(second.token)).toEqual({ position: null, waiting: 0 });
  });

  it('tells whether a tool is connected', async () => {
    const user = await tokenFor(t, 'lea');
    const status = body(await api(t, user.token, { method: 'GET', url: '/api/comfyui/status' }));
    expect(status.data).toEqual({
      app_key: 'comfyui',
      configured: true,
      config_key: 'embedded.comfyui.url',
      is_admin: false,
    });
  });
});

describe('without a tool configured', () => {
  it('says so, and gives no code', async () => {
    const bare = await buildTestApp();
    try {
      const user = await tokenFor(bare, 'max');
      const status = body(await api(bare, user.token, { method: 'GET', url: '/api/stablediffusion/status' }));
      expect(status.data).toMatchObject({ configured: false, config_key: 'embedded.stablediffusion.url' });
      const code = await getCode(bare, user.token, 'stablediffusion');
      expect(code.code).toBe(4004);
      expect(code.message).toContain('尚未接入');
      const call = body(
        await api(bare, user.token, { method: 'POST', url: '/api/comfyui', payload: { path: '/queue' } }),
      );
      expect(call.code).toBe(4004);
      const res = await bare.app.inject({ method: 'GET', url: '/embedded/comfyui/' });
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).not.toContain('Fake');
    } finally {
      await bare.close();
    }
  });
});

import type { AppListEntry } from '@portal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../src/lib/envelope';
import { api, body, buildTestApp, issueTokensFor, type TestApp } from '../helper';

/** A stand-in for module routes that later areas add: they never opt in to the check. */
const moduleProbe: FastifyPluginAsync = async (app) => {
  for (const prefix of ['deepseek', 'addbg', 'chatgpt', 'red', 'designer']) {
    app.get(`/api/${prefix}/probe`, async (request) => ok({ user: request.user?.login }));
  }
};

let t: TestApp;
let staff: string;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp({ extraRoutes: [moduleProbe] });
  staff = (await issueTokensFor(t, 'staff')).access_token.token;
  admin = (await issueTokensFor(t, 'admin')).access_token.token;
});
afterAll(async () => {
  await t?.close();
});

describe('per-app rights on module APIs', () => {
  it.each(['/api/deepseek/probe', '/api/addbg/probe', '/api/deepseek/message/askStream', '/api/addbg/product/list'])(
    'refuses staff on %s with 403 4003',
    async (url) => {
      const res = await api(t, staff, { method: 'GET', url });
      expect(res.statusCode).toBe(403);
      expect(body(res)).toEqual({ code: 4003, message: '您没有使用该应用的权限', data: null });
    },
  );

  it('cannot be dodged with encoding, case or extra slashes', async () => {
    for (const url of ['/api/%64eepseek/probe', '/api//deepseek/probe', '/api/DeepSeek/probe', '/api/addbg/']) {
      const res = await api(t, staff, { method: 'GET', url });
      expect(body(res).code, url).toBe(4003);
    }
  });

  it('lets staff through on allowed prefixes with request.user set', async () => {
    const res = await api(t, staff, { method: 'GET', url: '/api/chatgpt/probe' });
    expect(body(res)).toEqual({ code: 0, message: 'ok', data: { user: 'staff' } });
    expect(body(await api(t, staff, { method: 'GET', url: '/api/red/probe' })).code).toBe(0);
    expect(body(await api(t, staff, { method: 'GET', url: '/api/designer/probe' })).code).toBe(0);
  });

  it('lets the administrator open everything', async () => {
    expect(body(await api(t, admin, { method: 'GET', url: '/api/deepseek/probe' })).code).toBe(0);
    expect(body(await api(t, admin, { method: 'GET', url: '/api/addbg/probe' })).code).toBe(0);
  });

  it('requires sign-in on module APIs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/chatgpt/probe' });
    expect(res.statusCode).toBe(401);
    expect(body(res).code).toBe(1002);
  });
});

describe('apps API', () => {
  it('lists every enabled app with be_authorized for the user', async () => {
    const res = await api(t, staff, { method: 'GET', url: '/api/app/list' });
    const list = body<{ list: AppListEntry[] }>(res).data.list;
    expect(list.map((a) => a.app_key)).toEqual(
      expect.arrayContaining([
        'chatgpt',
        'deepseek',
        'metaso',
        'red',
        'addbg',
        'stablediffusion',
        'comfyui',
        'mscopilot',
        'knowledge',
      ]),
    );
    expect(list.find((a) => a.app_key === 'deepseek')?.be_authorized).toBe(false);
    expect(list.find((a) => a.app_key === 'chatgpt')).toMatchObject({ app_url: '/chatgpt', be_authorized: true });
    const orders = list.map((a) => a.order);
    expect([...orders].sort((a, b) => a - b)).toEqual(orders);
  });

  it('returns one app by key and 404 4004 for an unknown key', async () => {
    const res = await api(t, staff, { method: 'GET', url: '/api/app/detail?app_key=metaso' });
    expect(body<AppListEntry>(res).data).toMatchObject({ app_key: 'metaso', app_name: '秘塔搜索' });
    const missing = await api(t, staff, { method: 'GET', url: '/api/app/detail?app_key=nope' });
    expect(missing.statusCode).toBe(404);
    expect(body(missing).code).toBe(4004);
  });
});

describe('admin API', () => {
  it('is for administrators only', async () => {
    const res = await api(t, staff, { method: 'GET', url: '/api/admin/rules' });
    expect(res.statusCode).toBe(403);
    expect(body(res)).toEqual({ code: 4003, message: '仅管理员可以执行此操作', data: null });
  });

  it('lists rules and users, and validates input', async () => {
    const rules = body<{ list: unknown[] }>(await api(t, admin, { method: 'GET', url: '/api/admin/rules' }));
    expect(rules.data.list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ subject_type: 'user', subject: 'staff', app_key: 'deepseek', effect: 'deny' }),
      ]),
    );
    const users = body<{ list: Array<{ subject: string; is_admin: boolean }> }>(
      await api(t, admin, { method: 'GET', url: '/api/admin/users' }),
    );
    expect(users.data.list.find((u) => u.subject === 'admin')?.is_admin).toBe(true);
    const bad = await api(t, admin, {
      method: 'POST',
      url: '/api/admin/rules/set',
      payload: { subject_type: 'user', subject: 'x', app_key: 'pdf', effect: 'maybe' },
    });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toContain('effect');
  });

  it('group rules apply to members; a user rule beats a group rule', async () => {
    const set = (payload: object) => api(t, admin, { method: 'POST', url: '/api/admin/rules/set', payload });
    await set({ subject_type: 'group', subject: '市场部', app_key: 'report', effect: 'deny' });
    const staffNow = (await issueTokensFor(t, 'staff')).account_info;
    expect(staffNow.app_list.find((a) => a.app_key === 'report')?.be_authorized).toBe(false);
    await set({ subject_type: 'user', subject: 'staff', app_key: 'report', effect: 'allow' });
    const staffAfter = (await issueTokensFor(t, 'staff')).account_info;
    expect(staffAfter.app_list.find((a) => a.app_key === 'report')?.be_authorized).toBe(true);
    const del = await api(t, admin, {
      method: 'POST',
      url: '/api/admin/rules/delete',
      payload: { subject_type: 'user', subject: 'staff', app_key: 'report' },
    });
    expect(body(del).code).toBe(0);
    expect(
      (await issueTokensFor(t, 'staff')).account_info.app_list.find((a) => a.app_key === 'report')?.be_authorized,
    ).toBe(false);
  });

  it('deletes an app, which then disappears from lists', async () => {
    const upsert = await api(t, admin, {
      method: 'POST',
      url: '/api/admin/apps/upsert',
      payload: { app_key: 'temp-app', app_name: '临时', app_url: '/temp' },
    });
    expect(body(upsert).code).toBe(0);
    // The catalogue change moved everyone's rights version, the administrator's too.
    admin = (await issueTokensFor(t, 'admin')).access_token.token;
    const del = await api(t, admin, {
      method: 'POST',
      url: '/api/admin/apps/delete',
      payload: { app_key: 'temp-app' },
    });
    expect(body(del).code).toBe(0);
    const fresh = (await issueTokensFor(t, 'admin')).account_info;
    expect(fresh.app_list.some((a) => a.app_key === 'temp-app')).toBe(false);
  });
});

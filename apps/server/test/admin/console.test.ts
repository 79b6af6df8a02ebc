import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ADMIN_API_PATHS, CONSOLE_API_PATHS, type AccessRequestView, type LoginResponse } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api, body, buildTestApp, issueTokensFor, type TestApp } from '../helper';

/** A group-bot webhook that records what it was sent, answering like WeCom's. */
let bot: Server;
const botMessages: unknown[] = [];
let t: TestApp;
let admin: string;
let staff: Awaited<ReturnType<typeof issueTokensFor>>;

beforeAll(async () => {
  bot = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      botMessages.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ errcode: 0, errmsg: 'ok' }));
    });
  });
  await new Promise<void>((resolve) => bot.listen(0, '127.0.0.1', resolve));
  process.env.TEST_WECOM_BOT_URL = `http://127.0.0.1:${(bot.address() as AddressInfo).port}/cgi-bin/webhook/send?key=test`;
  t = await buildTestApp({
    config: (c) => ({
      ...c,
      access_requests: { ...c.access_requests, bots: [{ kind: 'wecom', url_env: 'TEST_WECOM_BOT_URL' }] },
    }),
  });
  admin = (await issueTokensFor(t, 'admin')).access_token.token;
  staff = await issueTokensFor(t, 'staff');
}, 120_000);

// Catalogue edits move everyone's rights version, the admin's too: each test starts with fresh tokens.
beforeEach(async () => {
  admin = (await issueTokensFor(t, 'admin')).access_token.token;
});

afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => bot.close(() => resolve()));
});

const GETS = new Set<string>([
  ADMIN_API_PATHS.listApps,
  ADMIN_API_PATHS.listRules,
  ADMIN_API_PATHS.listUsers,
  CONSOLE_API_PATHS.audit,
  CONSOLE_API_PATHS.auditExport,
  CONSOLE_API_PATHS.accessRequests,
  CONSOLE_API_PATHS.departments,
  CONSOLE_API_PATHS.directorySyncStatus,
  CONSOLE_API_PATHS.appAccess,
  CONSOLE_API_PATHS.userAccess,
]);

describe('admin console API', () => {
  it.each([...Object.values(ADMIN_API_PATHS), ...Object.values(CONSOLE_API_PATHS)])(
    'answers 403 to a non-admin on %s',
    async (url) => {
      const res = await api(t, staff.access_token.token, {
        method: GETS.has(url) ? 'GET' : 'POST',
        url,
        payload: GETS.has(url) ? undefined : {},
      });
      expect(res.statusCode).toBe(403);
      expect(body(res)).toEqual({ code: 4003, message: '仅管理员可以执行此操作', data: null });
    },
  );

  it('records every admin change with before and after', async () => {
    const rule = { subject_type: 'group', subject: '市场部', app_key: 'metaso', effect: 'allow' };
    await api(t, admin, { method: 'POST', url: ADMIN_API_PATHS.setRule, payload: rule });
    await api(t, admin, { method: 'POST', url: ADMIN_API_PATHS.setRule, payload: { ...rule, effect: 'deny' } });
    const res = await api(t, admin, {
      method: 'GET',
      url: CONSOLE_API_PATHS.audit,
      query: { action: 'admin.rule.set' },
    });
    const page = body<{ list: Array<{ before: unknown; after: unknown; actor_login: string }>; total: number }>(
      res,
    ).data;
    expect(page.total).toBe(2);
    // Newest first: the change from allow to deny, then the creation.
    expect(page.list[0]).toMatchObject({
      actor_login: 'admin',
      before: { ...rule, effect: 'allow' },
      after: { ...rule, effect: 'deny' },
    });
    expect(page.list[1]).toMatchObject({ before: null, after: { ...rule, effect: 'allow' } });

    const app = { app_key: 'newapp', app_name: '新应用', app_url: '/newapp', enabled: true };
    await api(t, admin, { method: 'POST', url: ADMIN_API_PATHS.upsertApp, payload: app });
    admin = (await issueTokensFor(t, 'admin')).access_token.token;
    await api(t, admin, { method: 'POST', url: ADMIN_API_PATHS.upsertApp, payload: { ...app, enabled: false } });
    admin = (await issueTokensFor(t, 'admin')).access_token.token;
    const apps = body<{
      list: Array<{ action: string; before: { enabled?: boolean } | null; after: { enabled?: boolean } }>;
    }>(
      await api(t, admin, { method: 'GET', url: CONSOLE_API_PATHS.audit, query: { actor: 'admin', page_size: '50' } }),
    ).data.list.filter((r) => r.action.startsWith('admin.app.'));
    expect(apps.map((r) => [r.action, r.before?.enabled ?? null, r.after.enabled])).toEqual([
      ['admin.app.update', true, false],
      ['admin.app.create', null, true],
    ]);
  });

  it('filters by time range, pages, and exports CSV (the export itself is audited)', async () => {
    const future = new Date(Date.now() + 3600_000).toISOString();
    const none = await api(t, admin, { method: 'GET', url: CONSOLE_API_PATHS.audit, query: { from: future } });
    expect(body<{ total: number }>(none).data.total).toBe(0);
    const one = await api(t, admin, {
      method: 'GET',
      url: CONSOLE_API_PATHS.audit,
      query: { page_size: '1', page: '2' },
    });
    expect(body<{ list: unknown[] }>(one).data.list).toHaveLength(1);
    const csv = await api(t, admin, {
      method: 'GET',
      url: CONSOLE_API_PATHS.auditExport,
      query: { action: 'admin.rule.set' },
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('id,at,actor,action,target,before,after,ip,detail');
    expect(lines).toHaveLength(3);
    const exports = await api(t, admin, {
      method: 'GET',
      url: CONSOLE_API_PATHS.audit,
      query: { action: 'audit.export' },
    });
    expect(body<{ total: number }>(exports).data.total).toBe(1);
  });

  it('keeps the audit log append-only in the database', async () => {
    await expect(t.app.db.execute(sql`UPDATE audit_logs SET actor_login = 'x'`)).rejects.toThrow();
    await expect(t.app.db.execute(sql`DELETE FROM audit_logs`)).rejects.toThrow();
    const res = await api(t, admin, { method: 'GET', url: CONSOLE_API_PATHS.audit });
    expect(body<{ total: number }>(res).data.total).toBeGreaterThan(0);
  });

  it('rejects NUL bytes and bad ranges in the audit filter', async () => {
    const nul = await api(t, admin, { method: 'GET', url: CONSOLE_API_PATHS.audit, query: { actor: 'a\u0000b' } });
    expect(nul.statusCode).toBe(400);
    const bad = await api(t, admin, { method: 'GET', url: CONSOLE_API_PATHS.audit, query: { from: 'yesterday' } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('access requests', () => {
  let request: AccessRequestView;

  beforeAll(async () => {
    staff = await issueTokensFor(t, 'staff');
  });

  it('lets a refused person ask for an app with a reason, and tells the bot', async () => {
    const res = await api(t, staff.access_token.token, {
      method: 'POST',
      url: '/api/app/access-request',
      payload: { app_key: 'deepseek', reason: '写周报需要' },
    });
    request = body<AccessRequestView>(res).data;
    expect(request).toMatchObject({
      app_key: 'deepseek',
      app_name: 'DeepSeek',
      status: 'pending',
      reason: '写周报需要',
    });
    // Asking again returns the same pending request.
    const again = await api(t, staff.access_token.token, {
      method: 'POST',
      url: '/api/app/access-request',
      payload: { app_key: 'deepseek', reason: '再次' },
    });
    expect(body<AccessRequestView>(again).data.id).toBe(request.id);
    await expect.poll(() => botMessages.length, { timeout: 15_000 }).toBe(1);
    expect(botMessages[0]).toMatchObject({
      msgtype: 'text',
      text: { content: expect.stringContaining('张三 申请使用「DeepSeek」') },
    });
  });

  it('refuses a request for an app one may already open, or that does not exist', async () => {
    const open = await api(t, staff.access_token.token, {
      method: 'POST',
      url: '/api/app/access-request',
      payload: { app_key: 'chatgpt' },
    });
    expect(body(open)).toMatchObject({ code: 4001, message: '您已有该应用的权限，无需申请' });
    const missing = await api(t, staff.access_token.token, {
      method: 'POST',
      url: '/api/app/access-request',
      payload: { app_key: 'nope' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('approving writes a rule, moves the requester’s rights version, and is audited', async () => {
    const list = await api(t, admin, {
      method: 'GET',
      url: CONSOLE_API_PATHS.accessRequests,
      query: { status: 'pending' },
    });
    expect(body<{ list: AccessRequestView[] }>(list).data.list.map((r) => [r.id, r.login])).toEqual([
      [request.id, 'staff'],
    ]);
    const approve = await api(t, admin, {
      method: 'POST',
      url: CONSOLE_API_PATHS.approveRequest,
      payload: { id: request.id },
    });
    expect(body<AccessRequestView>(approve).data.status).toBe('approved');
    // The staff's token from before answers 1004; the refreshed one opens deepseek.
    const stale = await api(t, staff.access_token.token, { method: 'GET', url: '/api/deepseek/models' });
    expect(body(stale).code).toBe(1004);
    const refreshed = body<LoginResponse>(
      await t.app.inject({
        method: 'POST',
        url: '/api/user/refreshToken',
        payload: { refresh_token: staff.refresh_token.token },
      }),
    ).data;
    const fresh = await api(t, refreshed.access_token.token, { method: 'GET', url: '/api/deepseek/models' });
    expect(body(fresh).code).toBe(0);
    const mine = await api(t, refreshed.access_token.token, { method: 'GET', url: '/api/app/access-requests' });
    expect(body<{ list: AccessRequestView[] }>(mine).data.list[0]).toMatchObject({
      id: request.id,
      status: 'approved',
    });
    const audited = await api(t, admin, {
      method: 'GET',
      url: CONSOLE_API_PATHS.audit,
      query: { action: 'admin.request.approve' },
    });
    expect(
      body<{ list: Array<{ before: { status: string }; after: { status: string } }> }>(audited).data.list[0],
    ).toMatchObject({
      before: { status: 'pending' },
      after: { status: 'approved' },
    });
    // A decided request cannot be decided again.
    const twice = await api(t, admin, {
      method: 'POST',
      url: CONSOLE_API_PATHS.denyRequest,
      payload: { id: request.id },
    });
    expect(body(twice)).toMatchObject({ code: 4001, message: '该申请已处理' });
  });

  it('denying carries a reason the requester sees', async () => {
    const fresh = await issueTokensFor(t, 'staff');
    const asked = body<AccessRequestView>(
      await api(t, fresh.access_token.token, {
        method: 'POST',
        url: '/api/app/access-request',
        payload: { app_key: 'addbg', reason: '' },
      }),
    ).data;
    await api(t, admin, {
      method: 'POST',
      url: CONSOLE_API_PATHS.denyRequest,
      payload: { id: asked.id, reason: '该应用仅限设计部' },
    });
    const mine = body<{ list: AccessRequestView[] }>(
      await api(t, fresh.access_token.token, { method: 'GET', url: '/api/app/access-requests' }),
    ).data.list;
    expect(mine.find((r) => r.id === asked.id)).toMatchObject({
      status: 'denied',
      decision_reason: '该应用仅限设计部',
    });
  });
});

describe('external app secret rotation', () => {
  const redeem = async (secret: string) => {
    const user = await t.app.services.users.findByLogin('admin');
    const { code } = await t.app.services.codes.create(user?.id ?? 0, 'knowledge');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/open/code/redeem',
      headers: { authorization: `Bearer ${secret}` },
      payload: { app_key: 'knowledge', code },
    });
    return res.statusCode;
  };

  it('replaces the config secret with a new one shown once, and audits it without the secret', async () => {
    const configured = t.config.apps.find((a) => a.app_key === 'knowledge')?.secret ?? '';
    expect(await redeem(configured)).toBe(200);
    const res = await api(t, admin, {
      method: 'POST',
      url: CONSOLE_API_PATHS.rotateAppSecret,
      payload: { app_key: 'knowledge' },
    });
    const { secret } = body<{ secret: string }>(res).data;
    expect(secret.length).toBeGreaterThanOrEqual(40);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(await redeem(configured)).toBe(401);
    expect(await redeem(secret)).toBe(200);
    const rows = await t.app.services.audit.all({ action: 'admin.app.rotate-secret' }, 10);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(secret);
    const missing = await api(t, admin, {
      method: 'POST',
      url: CONSOLE_API_PATHS.rotateAppSecret,
      payload: { app_key: 'nope' },
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('people and rights views', () => {
  it('explains what a person can open and by which rule, and who can open an app', async () => {
    const staffRow = await t.app.services.users.findByLogin('staff');
    const res = await api(t, admin, {
      method: 'GET',
      url: CONSOLE_API_PATHS.userAccess,
      query: { user_id: String(staffRow?.id) },
    });
    const list = body<{ list: Array<{ app_key: string; allowed: boolean; rule: { subject_type: string } | null }> }>(
      res,
    ).data.list;
    expect(list.find((a) => a.app_key === 'deepseek')).toMatchObject({ allowed: true, rule: { subject_type: 'user' } });
    expect(list.find((a) => a.app_key === 'chatgpt')).toMatchObject({
      allowed: true,
      rule: { subject_type: 'everyone' },
    });
    const who = await api(t, admin, { method: 'GET', url: CONSOLE_API_PATHS.appAccess, query: { app_key: 'addbg' } });
    const users = body<{ users: Array<{ login: string; rule: { subject_type: string } }> }>(who).data.users;
    expect(users.map((u) => [u.login, u.rule.subject_type])).toEqual([['admin', 'admin']]);
  });

  it('signs a person out everywhere and disables them', async () => {
    const s = await issueTokensFor(t, 'staff');
    const staffRow = await t.app.services.users.findByLogin('staff');
    const out = await api(t, admin, {
      method: 'POST',
      url: CONSOLE_API_PATHS.signOutUser,
      payload: { user_id: staffRow?.id },
    });
    expect(body<{ revoked: number }>(out).data.revoked).toBeGreaterThanOrEqual(1);
    expect(body(await api(t, s.access_token.token, { method: 'GET', url: '/api/app/list' })).code).toBe(1004);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/user/refreshToken',
      payload: { refresh_token: s.refresh_token.token },
    });
    expect(body(refresh).code).toBe(1003);
    await api(t, admin, {
      method: 'POST',
      url: CONSOLE_API_PATHS.setUserDisabled,
      payload: { user_id: staffRow?.id, disabled: true },
    });
    const search = await api(t, admin, { method: 'GET', url: ADMIN_API_PATHS.listUsers, query: { q: '张' } });
    expect(body<{ list: Array<{ login: string; disabled: boolean }> }>(search).data.list).toEqual([
      expect.objectContaining({ login: 'staff', disabled: true }),
    ]);
  });
});

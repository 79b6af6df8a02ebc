import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ADMIN_API_PATHS,
  CONSOLE_API_PATHS,
  NOTICE_API_PATHS,
  type AccessRequestView,
  type AdminAppEntry,
  type NoticeListResponse,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, body, buildTestApp, issueTokensFor, type TestApp } from '../helper';

let bot: Server;
const botTexts: string[] = [];
let t: TestApp;

const token = async (login: string) => (await issueTokensFor(t, login)).access_token.token;
const notices = async (login: string) =>
  body<NoticeListResponse>(await api(t, await token(login), { method: 'GET', url: NOTICE_API_PATHS.list })).data;

beforeAll(async () => {
  bot = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const sent = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { text: { content: string } };
      botTexts.push(sent.text.content);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ errcode: 0, errmsg: 'ok' }));
    });
  });
  await new Promise<void>((resolve) => bot.listen(0, '127.0.0.1', resolve));
  process.env.TEST_NOTICE_BOT_URL = `http://127.0.0.1:${(bot.address() as AddressInfo).port}/cgi-bin/webhook/send?key=n`;
  t = await buildTestApp({
    config: (c) => ({
      ...c,
      access_requests: { ...c.access_requests, bots: [{ kind: 'wecom', url_env: 'TEST_NOTICE_BOT_URL' }] },
    }),
  });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => bot.close(() => resolve()));
});

async function requestApp(appKey: string, reason: string): Promise<AccessRequestView> {
  const res = await api(t, await token('staff'), {
    method: 'POST',
    url: '/api/app/access-request',
    payload: { app_key: appKey, reason },
  });
  return body<AccessRequestView>(res).data;
}

describe('notices', () => {
  it('requires sign-in', async () => {
    const res = await t.app.inject({ method: 'GET', url: NOTICE_API_PATHS.list });
    expect(res.statusCode).toBe(401);
  });

  it("tell the app's owners about a new request, in the portal and in the bot message", async () => {
    const admin = await token('admin');
    const apps = body<{ list: AdminAppEntry[] }>(await api(t, admin, { method: 'GET', url: ADMIN_API_PATHS.listApps }))
      .data.list;
    const deepseek = apps.find((a) => a.app_key === 'deepseek')!;
    const saved = await api(t, admin, {
      method: 'POST',
      url: ADMIN_API_PATHS.upsertApp,
      payload: {
        app_key: deepseek.app_key,
        app_name: deepseek.app_name,
        app_icon: deepseek.app_icon,
        app_url: deepseek.app_url,
        description: deepseek.description,
        type_tags: deepseek.type_tags,
        scene_tags: deepseek.scene_tags,
        order: deepseek.order,
        enabled: deepseek.enabled,
        owners: ['admin'],
      },
    });
    expect(body<AdminAppEntry>(saved).data.owners).toEqual(['admin']);

    await requestApp('deepseek', '写周报');
    const mine = await notices('admin');
    expect(mine.unread).toBe(1);
    expect(mine.list[0]).toMatchObject({
      kind: 'access_request.new',
      title: '张三 申请使用「DeepSeek」',
      body: '理由：写周报',
      link: '/admin?tab=requests',
      read: false,
    });
    // The requester is told nothing yet.
    expect((await notices('staff')).unread).toBe(0);
    await expect.poll(() => botTexts.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(botTexts.at(-1)).toContain('应用负责人：管理员');
  });

  it('tell the requester of a denial with its reason; only they can mark it read', async () => {
    const admin = await token('admin');
    const pending = body<{ list: AccessRequestView[] }>(
      await api(t, admin, { method: 'GET', url: CONSOLE_API_PATHS.accessRequests, query: { status: 'pending' } }),
    ).data.list;
    const request = pending.find((r) => r.app_key === 'deepseek')!;
    await api(t, admin, {
      method: 'POST',
      url: CONSOLE_API_PATHS.denyRequest,
      payload: { id: request.id, reason: '暂不开放' },
    });

    const staff = await notices('staff');
    expect(staff.unread).toBe(1);
    const notice = staff.list[0]!;
    expect(notice).toMatchObject({
      kind: 'access_request.denied',
      title: '「DeepSeek」的使用申请未通过',
      body: '原因：暂不开放',
      link: '/landing?appKey=deepseek',
      read: false,
    });

    // Someone else's notice id changes nothing.
    const other = await api(t, admin, { method: 'POST', url: NOTICE_API_PATHS.read, payload: { ids: [notice.id] } });
    expect(body(other).code).toBe(0);
    expect((await notices('staff')).unread).toBe(1);

    const read = await api(t, await token('staff'), {
      method: 'POST',
      url: NOTICE_API_PATHS.read,
      payload: { ids: [notice.id] },
    });
    expect(body(read).data).toEqual({ unread: 0 });
    expect((await notices('staff')).list[0]).toMatchObject({ id: notice.id, read: true });
  });

  it('tell the requester of an approval, and mark every notice read at once', async () => {
    const admin = await token('admin');
    const request = await requestApp('addbg', '做海报');
    await api(t, admin, { method: 'POST', url: CONSOLE_API_PATHS.approveRequest, payload: { id: request.id } });
    const staff = await notices('staff');
    expect(staff.unread).toBe(1);
    expect(staff.list[0]).toMatchObject({ kind: 'access_request.approved', body: '现在可以打开该应用了' });

    const all = await api(t, await token('staff'), { method: 'POST', url: NOTICE_API_PATHS.read, payload: {} });
    expect(body(all).data).toEqual({ unread: 0 });
    const bad = await api(t, await token('staff'), {
      method: 'POST',
      url: NOTICE_API_PATHS.read,
      payload: { ids: ['x'] },
    });
    expect(bad.statusCode).toBe(400);
  });
});

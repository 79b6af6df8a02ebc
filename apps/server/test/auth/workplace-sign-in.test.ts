import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema';
import { body, buildTestApp, type TestApp } from '../helper';
import { FakeWorkplace, setFakeSecrets } from './fake-workplace';
import { finishWorkplaceLogin, signInWith, startWorkplaceLogin, workplaceConfig } from './workplace-helpers';

const fake = new FakeWorkplace();
let t: TestApp;

beforeAll(async () => {
  await fake.start();
  setFakeSecrets();
  fake.directories.wecom = {
    departments: [
      { id: '1', name: '示例公司', parent: '' },
      { id: '2', name: '研发部', parent: '1' },
      { id: '3', name: '前端组', parent: '2' },
    ],
    people: [
      { id: 'zhangsan', name: '张三', departments: ['3'], mobile: '13900000001', avatar: 'https://a.example/z.png' },
    ],
  };
  fake.directories.feishu = {
    departments: [
      { id: 'od-rd', name: '研发部', parent: '0' },
      { id: 'od-fe', name: '前端组', parent: 'od-rd' },
    ],
    people: [{ id: 'ou_lisi', name: '李四', departments: ['od-fe'], email: 'lisi@example.com' }],
  };
  fake.directories.dingtalk = {
    departments: [
      { id: '1', name: '示例公司', parent: '' },
      { id: '20', name: '市场部', parent: '1' },
    ],
    people: [{ id: 'ding-wang', name: '王五', departments: ['20'], mobile: '13900000003' }],
  };
  t = await buildTestApp({ config: workplaceConfig(fake) });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await fake.stop();
});

describe('workplace sign-in', () => {
  it('lists the configured providers for the login page; the built-in provider is off beside them', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/providers' });
    expect(body(res)).toEqual({
      code: 0,
      message: expect.any(String),
      data: {
        oidc: false,
        list: [
          { name: 'wecom', label: '企业微信', qr: true },
          { name: 'feishu', label: '飞书', qr: false },
          { name: 'dingtalk', label: '钉钉', qr: true },
        ],
      },
    });
  });

  it('gives the WeCom QR web-login URL in a browser and the in-client OAuth2 URL inside WeCom', async () => {
    const web = new URL((await startWorkplaceLogin(t, 'wecom', { mode: 'web' })).url);
    expect(web.pathname).toBe('/wwlogin/sso/login');
    expect(web.searchParams.get('login_type')).toBe('CorpApp');
    expect(web.searchParams.get('redirect_uri')).toBe(`${t.baseUrl}/login`);
    const client = (await startWorkplaceLogin(t, 'wecom', { mode: 'client' })).url;
    expect(client).toMatch(
      /\/connect\/oauth2\/authorize\?appid=ww_fake_corp&redirect_uri=.+&response_type=code&scope=snsapi_base&state=.+&agentid=1000002#wechat_redirect$/,
    );
  });

  it('signs in with WeCom: user id from the code, name and departments from the directory, mobile where permitted', async () => {
    const { status, env } = await signInWith(t, fake, 'wecom', 'zhangsan');
    expect(status).toBe(200);
    expect(env.code).toBe(0);
    expect(env.data.account_info).toMatchObject({
      user_name: '张三',
      mobile: '13900000001',
      avatar: 'https://a.example/z.png',
    });
    const row = (await t.app.db.select().from(users).where(eq(users.subject, 'wecom:zhangsan')))[0];
    // Ancestors come with the directory sync (departments.test.ts); before it, the person's own department.
    expect(row?.departments).toEqual(['wecom:3']);
  });

  it('signs in with Feishu: token, user_info, departments from the contact API', async () => {
    const { env } = await signInWith(t, fake, 'feishu', 'ou_lisi', { mode: 'client' });
    expect(env.code).toBe(0);
    expect(env.data.account_info).toMatchObject({ user_name: '李四', email: 'lisi@example.com' });
    const row = (await t.app.db.select().from(users).where(eq(users.subject, 'feishu:ou_lisi')))[0];
    expect(row?.departments).toEqual(['feishu:od-fe']);
  });

  it('signs in with DingTalk: user token, users/me, userid by unionId, departments from topapi', async () => {
    const { env } = await signInWith(t, fake, 'dingtalk', 'ding-wang');
    expect(env.code).toBe(0);
    expect(env.data.account_info).toMatchObject({ user_name: '王五', mobile: '13900000003' });
    const row = (await t.app.db.select().from(users).where(eq(users.subject, 'dingtalk:ding-wang')))[0];
    expect(row?.departments).toEqual(['dingtalk:20']);
  });

  it.each([
    ['wecom', 'zhangsan', '企业微信授权已过期或已使用，请重新登录'],
    ['feishu', 'ou_lisi', '飞书授权已过期或已使用，请重新登录'],
    ['dingtalk', 'ding-wang', '钉钉授权已过期或已使用，请重新登录'],
  ] as const)('turns an expired %s code into a clear Chinese message', async (provider, person, message) => {
    const { status, env } = await signInWith(t, fake, provider, person, { expired: true });
    expect(status).toBe(400);
    expect(env).toEqual({ code: 4001, message, data: null });
  });

  it('refuses a code used twice and a state used twice', async () => {
    const first = await startWorkplaceLogin(t, 'feishu');
    const { code, state } = fake.approve(first.url, 'feishu', 'ou_lisi');
    expect((await finishWorkplaceLogin(t, first.cookie, code, state)).env.code).toBe(0);
    // The same state again: the pending sign-in is gone.
    const again = await finishWorkplaceLogin(t, first.cookie, code, state);
    expect(again.env).toEqual({ code: 4001, message: '登录请求无效或已过期，请重新登录', data: null });
    // The same code on a fresh state: the provider says it is used up.
    const second = await startWorkplaceLogin(t, 'feishu');
    const state2 = new URL(second.url).searchParams.get('state') ?? '';
    const reused = await finishWorkplaceLogin(t, second.cookie, code, state2);
    expect(reused.env.message).toBe('飞书授权已过期或已使用，请重新登录');
  });

  it('answers a provider outage with a clean message and no provider detail', async () => {
    const { url, cookie } = await startWorkplaceLogin(t, 'dingtalk');
    const { code, state } = fake.approve(url, 'dingtalk', 'ding-wang');
    fake.down = true;
    try {
      const { status, env } = await finishWorkplaceLogin(t, cookie, code, state);
      expect(status).toBe(502);
      expect(env).toEqual({ code: 5002, message: '钉钉暂时无法连接，请稍后重试', data: null });
    } finally {
      fake.down = false;
    }
  });

  it('rejects an unknown provider name', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/authorize', query: { provider: 'slack' } });
    expect(res.statusCode).toBe(400);
    expect(body(res).code).toBe(4001);
  });

  it('never hands a provider token or secret to the browser', async () => {
    const { env } = await signInWith(t, fake, 'wecom', 'zhangsan');
    const text = JSON.stringify(env);
    for (const secret of fake.secretsSeen) expect(text).not.toContain(secret);
    const authorize = await startWorkplaceLogin(t, 'dingtalk');
    for (const secret of fake.secretsSeen) expect(authorize.url).not.toContain(secret);
  });

  it('records sign-ins, successful and failed, in the audit log', async () => {
    const rows = await t.app.services.audit.all({}, 1000);
    expect(rows.some((r) => r.action === 'login.success' && r.target === 'wecom' && r.actorLogin === 'zhangsan')).toBe(
      true,
    );
    const failure = rows.find((r) => r.action === 'login.failure' && r.target === 'feishu');
    expect(failure?.detail).toMatch(/^code \/open-apis\/authen\/v2\/oauth\/token 2000[34]$/);
  });
});

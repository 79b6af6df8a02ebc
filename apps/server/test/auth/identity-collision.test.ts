import { IDENTITY_API_PATHS, type AccountInfo, type LinkedAccountsResponse } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apps, users } from '../../src/db/schema';
import { api, body, buildTestApp, signInAs, type TestApp } from '../helper';
import { FakeWorkplace, setFakeSecrets } from './fake-workplace';
import { signInWith, workplaceConfig } from './workplace-helpers';

/**
 * A person is identified by (provider, subject): the same login in WeCom and in the company OIDC
 * is two people, until an administrator links them.
 */
const fake = new FakeWorkplace();
let t: TestApp;

beforeAll(async () => {
  await fake.start();
  setFakeSecrets();
  fake.directories.wecom = {
    departments: [{ id: '1', name: '示例公司', parent: '' }],
    people: ['admin', 'staff', 'wangwei'].map((id) => ({ id, name: id, departments: ['1'] })),
  };
  t = await buildTestApp({
    config: (c) => {
      const base = workplaceConfig(fake)(c);
      return {
        ...base,
        // The built-in demo accounts stand for the OIDC people: break-glass keeps them beside WeCom.
        sso: { ...base.sso, builtin_break_glass: true },
        access_rules: [
          ...base.access_rules,
          // A bare name is the OIDC (here the built-in demo) account.
          { subject_type: 'user', subject: 'staff', app_key: 'deepseek', effect: 'allow' },
        ],
        admins: { users: ['admin', 'wecom:wangwei'], groups: ['portal-admins'] },
      };
    },
  });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await fake.stop();
});

async function wecom(id: string): Promise<{ token: string; info: AccountInfo }> {
  const { env } = await signInWith(t, fake, 'wecom', id);
  expect(env.code).toBe(0);
  return { token: env.data.access_token.token, info: env.data.account_info };
}

/** An OIDC account that signed in, with a token, without the provider round trip. */
async function oidc(login: string): Promise<{ id: number; token: string; info: AccountInfo }> {
  const { users: people, sessions } = t.app.services;
  const user = await people.upsertFromClaims({
    provider: 'oidc',
    subject: login,
    login,
    userName: login,
    email: '',
    mobile: '',
    avatar: '',
    groups: [],
  });
  const pair = await sessions.start(user);
  return { id: user.id, token: pair.access_token.token, info: await people.accountInfo(user) };
}

const mayOpen = (info: AccountInfo, appKey: string) => info.app_list.find((a) => a.app_key === appKey)?.be_authorized;

async function idOf(subject: string): Promise<number> {
  const [row] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.subject, subject));
  if (!row) throw new Error(`no user ${subject}`);
  return row.id;
}

async function link(token: string, payload: object) {
  const res = await api(t, token, { method: 'POST', url: IDENTITY_API_PATHS.link, payload });
  return { status: res.statusCode, env: body<LinkedAccountsResponse>(res) };
}

describe('identity across providers', () => {
  it('a WeCom user whose id is admin is not the administrator', async () => {
    const { token, info } = await wecom('admin');
    expect(info.is_admin).toBe(false);
    const res = await api(t, token, { method: 'GET', url: '/api/admin/users' });
    expect(res.statusCode).toBe(403);
    // The demo administrator of the same login still is one.
    expect((await signInAs(t, 'admin')).account_info.is_admin).toBe(true);
  });

  it('a WeCom staff does not inherit the OIDC staff’s rules, nor their quota rule', async () => {
    const demo = await signInAs(t, 'staff');
    expect(mayOpen(demo.account_info, 'deepseek')).toBe(true);
    const { info } = await wecom('staff');
    expect(mayOpen(info, 'deepseek')).toBe(false);

    await t.app.services.quotas.set({
      subject_type: 'user',
      subject: 'staff',
      module: 'chatgpt',
      limit: 3,
      period: 'day',
    });
    const { quotas } = t.app.services;
    expect((await quotas.appliedTo(demo.account_info.id, 'chatgpt'))?.limit).toBe(3);
    expect(await quotas.appliedTo(await idOf('wecom:staff'), 'chatgpt')).toBeUndefined();
    // `oidc:staff` is the same person as `staff`: setting it replaces that rule.
    await quotas.set({ subject_type: 'user', subject: 'oidc:staff', module: 'chatgpt', limit: 7, period: 'day' });
    expect((await quotas.list()).filter((r) => r.module === 'chatgpt').map((r) => [r.subject, r.limit])).toEqual([
      ['staff', 7],
    ]);
  });

  it('wecom:wangwei in the admin list makes that WeCom user administrator, not oidc:wangwei', async () => {
    expect((await wecom('wangwei')).info.is_admin).toBe(true);
    const other = await oidc('wangwei');
    expect(other.info.is_admin).toBe(false);
    const res = await api(t, other.token, { method: 'GET', url: '/api/admin/users' });
    expect(res.statusCode).toBe(403);
  });

  it('an OIDC subject that spells a workplace account’s subject does not sign in as that account', async () => {
    await wecom('admin');
    await expect(oidc('wecom:admin')).rejects.toMatchObject({ code: 4003 });
  });

  it('only administrators may link accounts', async () => {
    const staff = await wecom('staff');
    const refused = await link(staff.token, { user_id: await idOf('wecom:staff'), other_user_id: await idOf('staff') });
    expect(refused.status).toBe(403);
    expect(refused.env.code).toBe(4003);
    expect(await t.app.services.audit.all({ action: 'admin.user.link' }, 10)).toHaveLength(0);
  });

  it('linking makes a rule on one account cover the other, and linking and unlinking are audited', async () => {
    const admin = (await signInAs(t, 'admin')).access_token.token;
    await signInAs(t, 'staff');
    const before = await wecom('staff');
    expect(mayOpen(before.info, 'deepseek')).toBe(false);
    const wecomStaff = await idOf('wecom:staff');
    const oidcStaff = await idOf('staff');

    const linked = await link(admin, { user_id: wecomStaff, other_user_id: oidcStaff });
    expect(linked.env.code).toBe(0);
    expect(linked.env.data.accounts.map((a) => a.identity).sort()).toEqual(['oidc:staff', 'wecom:staff']);
    // The token from before the link answers 1004: the rights changed.
    const stale = await api(t, before.token, { method: 'GET', url: '/api/user/info' });
    expect(body(stale).code).toBe(1004);
    const after = await wecom('staff');
    expect(mayOpen(after.info, 'deepseek')).toBe(true);
    // A rule set later on the OIDC account moves the linked account's rights version too.
    const set = await api(t, admin, {
      method: 'POST',
      url: '/api/admin/rules/set',
      payload: { subject_type: 'user', subject: 'oidc:staff', app_key: 'metaso', effect: 'allow' },
    });
    expect(body(set).code).toBe(0);
    expect(body(await api(t, after.token, { method: 'GET', url: '/api/user/info' })).code).toBe(1004);
    expect(mayOpen((await wecom('staff')).info, 'metaso')).toBe(true);
    const [linkRow] = await t.app.services.audit.all({ action: 'admin.user.link' }, 10);
    expect(linkRow).toMatchObject({ actorLogin: 'admin', target: `user:${wecomStaff}` });
    expect(JSON.stringify(linkRow?.after)).toContain('oidc:staff');

    const unlink = await api(t, admin, {
      method: 'POST',
      url: IDENTITY_API_PATHS.unlink,
      payload: { user_id: wecomStaff },
    });
    expect(body<LinkedAccountsResponse>(unlink).data.accounts.map((a) => a.identity)).toEqual(['wecom:staff']);
    expect(mayOpen((await wecom('staff')).info, 'deepseek')).toBe(false);
    const [unlinkRow] = await t.app.services.audit.all({ action: 'admin.user.unlink' }, 10);
    expect(unlinkRow).toMatchObject({ actorLogin: 'admin', target: `user:${wecomStaff}` });
    // Unlinking an account that stands alone is refused, and not audited.
    const again = await api(t, admin, {
      method: 'POST',
      url: IDENTITY_API_PATHS.unlink,
      payload: { user_id: wecomStaff },
    });
    expect(again.statusCode).toBe(400);
    expect(await t.app.services.audit.all({ action: 'admin.user.unlink' }, 10)).toHaveLength(1);
  });

  it('a link makes an admin entry naming one account cover the other', async () => {
    const admin = (await signInAs(t, 'admin')).access_token.token;
    await wecom('wangwei');
    const plain = await oidc('wangwei');
    expect(plain.info.is_admin).toBe(false);
    expect((await link(admin, { user_id: plain.id, other_user_id: await idOf('wecom:wangwei') })).env.code).toBe(0);
    const info = await api(t, (await oidc('wangwei')).token, { method: 'GET', url: '/api/user/info' });
    expect(body<{ account_info: AccountInfo }>(info).data.account_info.is_admin).toBe(true);
  });

  it('an app owner named by a bare name is the OIDC account, not the WeCom one', async () => {
    await signInAs(t, 'staff');
    await wecom('staff');
    await t.app.db
      .update(apps)
      .set({ owners: ['staff'] })
      .where(eq(apps.appKey, 'metaso'));
    const plain = await oidc('lisi');
    const res = await api(t, plain.token, {
      method: 'POST',
      url: '/api/app/access-request',
      payload: { app_key: 'metaso', reason: '工作需要' },
    });
    expect(body(res).code).toBe(0);
    const told = async (subject: string) =>
      (await t.app.services.notices.list(await idOf(subject))).list.some((n) => n.kind === 'access_request.new');
    expect(await told('staff')).toBe(true);
    expect(await told('wecom:staff')).toBe(false);
  });

  it('a linked account renamed at its provider moves the rights version of the accounts linked to it', async () => {
    const admin = (await signInAs(t, 'admin')).access_token.token;
    await wecom('staff');
    const claims = { provider: 'oidc' as const, subject: 'sub-9', userName: '', email: '', mobile: '', avatar: '' };
    const renamed = await t.app.services.users.upsertFromClaims({ ...claims, login: 'old9', groups: [] });
    const partner = await idOf('wecom:staff');
    await api(t, admin, { method: 'POST', url: IDENTITY_API_PATHS.unlink, payload: { user_id: partner } });
    expect((await link(admin, { user_id: partner, other_user_id: renamed.id })).env.code).toBe(0);
    const version = async () => (await t.app.db.select().from(users).where(eq(users.id, partner)))[0]!.rightsVersion;
    const before = await version();
    await t.app.services.users.upsertFromClaims({ ...claims, login: 'old9', groups: [] });
    expect(await version()).toBe(before);
    await t.app.services.users.upsertFromClaims({ ...claims, login: 'new9', groups: [] });
    expect(await version()).toBe(before + 1);
  });

  it('names people by provider in the console’s user list', async () => {
    const admin = (await signInAs(t, 'admin')).access_token.token;
    const res = await api(t, admin, { method: 'GET', url: '/api/admin/users', query: { q: 'wecom:staff' } });
    const list = body<{ list: Array<{ identity: string; provider: string }> }>(res).data.list;
    expect(list).toEqual([expect.objectContaining({ identity: 'wecom:staff', provider: 'wecom' })]);
  });
});

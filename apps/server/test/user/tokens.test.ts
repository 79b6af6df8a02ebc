import type { RefreshResponse } from '@portal/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AccessTokenSigner } from '../../src/services/auth/access-token';
import { api, body, buildTestApp, issueTokensFor, signInAs, type TestApp } from '../helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const refresh = (app: TestApp, refresh_token: string, is_update_cache = false) =>
  app.app.inject({ method: 'POST', url: '/api/user/refreshToken', payload: { refresh_token, is_update_cache } });

describe('refresh tokens', () => {
  it('rotates: a new pair works, account info comes back when asked', async () => {
    const first = await signInAs(t, 'staff');
    const res = await refresh(t, first.refresh_token.token, true);
    const env = body<RefreshResponse>(res);
    expect(env.code).toBe(0);
    expect(env.data.refresh_token.token).not.toBe(first.refresh_token.token);
    expect(env.data.account_info?.user_name).toBe('张三');
    const info = await api(t, env.data.access_token.token, { method: 'GET', url: '/api/user/info' });
    expect(body(info).code).toBe(0);
    const plain = body<RefreshResponse>(await refresh(t, env.data.refresh_token.token));
    expect(plain.code).toBe(0);
    expect(plain.data.account_info).toBeUndefined();
  });

  it('revokes the whole family when a used token is presented again (1003)', async () => {
    const first = await issueTokensFor(t, 'staff');
    const second = body<RefreshResponse>(await refresh(t, first.refresh_token.token)).data;
    const third = body<RefreshResponse>(await refresh(t, second.refresh_token.token)).data;
    const reuse = await refresh(t, first.refresh_token.token);
    expect(reuse.statusCode).toBe(401);
    expect(body(reuse).code).toBe(1003);
    const newest = await refresh(t, third.refresh_token.token);
    expect(body(newest).code).toBe(1003);
  });

  it('does not touch other sign-ins of the same user when one family is revoked', async () => {
    const a = await issueTokensFor(t, 'staff');
    const b = await issueTokensFor(t, 'staff');
    await refresh(t, a.refresh_token.token);
    await refresh(t, a.refresh_token.token);
    expect(body(await refresh(t, b.refresh_token.token)).code).toBe(0);
  });

  it('answers 1003 for an unknown refresh token', async () => {
    const res = await refresh(t, 'not-a-real-token');
    expect(res.statusCode).toBe(401);
    expect(body(res)).toEqual({ code: 1003, message: '登录凭证无效，请重新登录', data: null });
  });

  it('logout revokes the family', async () => {
    const tokens = await issueTokensFor(t, 'staff');
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      payload: { refresh_token: tokens.refresh_token.token },
    });
    expect(body(out).code).toBe(0);
    expect(body(await refresh(t, tokens.refresh_token.token)).code).toBe(1003);
  });
});

describe('access tokens', () => {
  it('answers 1002 without a token and for a forged one', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/user/info' });
    expect(none.statusCode).toBe(401);
    expect(body(none).code).toBe(1002);
    const tokens = await issueTokensFor(t, 'staff');
    const [h, p] = tokens.access_token.token.split('.');
    const forged = await api(t, `${h}.${p}.AAAA`, { method: 'GET', url: '/api/user/info' });
    expect(body(forged).code).toBe(1002);
    const noneAlg = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${p}.`;
    expect(body(await api(t, noneAlg, { method: 'GET', url: '/api/user/info' })).code).toBe(1002);
  });

  it('answers 1001 once the access token has expired; a refresh makes calls work again', async () => {
    // A signer with a one-minute lifetime and the app's own secret; the clock is moved past it below
    // (a one-second lifetime could run out before the first call on a busy machine).
    const tokens = await issueTokensFor(t, 'staff');
    const shortLived = new AccessTokenSigner(t.app.services.serverSecret, 60);
    const claims = await t.app.services.signer.verify(tokens.access_token.token);
    const access = await shortLived.sign(claims);
    expect(body(await api(t, access.token, { method: 'GET', url: '/api/user/info' })).code).toBe(0);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(access.expire_at + 2000);
    const expired = await api(t, access.token, { method: 'GET', url: '/api/user/info' });
    expect(expired.statusCode).toBe(401);
    expect(body(expired)).toEqual({ code: 1001, message: '登录凭证已过期', data: null });
    const renewed = body<RefreshResponse>(await refresh(t, tokens.refresh_token.token)).data;
    expect(body(await api(t, renewed.access_token.token, { method: 'GET', url: '/api/user/info' })).code).toBe(0);
  });
});

describe('rights version (1004)', () => {
  it('admin changes a rule → staff gets 1004 → refresh → OK and the app list shows the change', async () => {
    const staff = await issueTokensFor(t, 'staff');
    const admin = await issueTokensFor(t, 'admin');
    expect(staff.account_info.app_list.find((a) => a.app_key === 'pdf')?.be_authorized).toBe(true);

    const set = await api(t, admin.access_token.token, {
      method: 'POST',
      url: '/api/admin/rules/set',
      payload: { subject_type: 'user', subject: 'staff', app_key: 'pdf', effect: 'deny' },
    });
    expect(body(set).code).toBe(0);

    const stale = await api(t, staff.access_token.token, { method: 'GET', url: '/api/app/list' });
    expect(stale.statusCode).toBe(401);
    expect(body(stale)).toEqual({ code: 1004, message: '用户权限更新，即将刷新页面', data: null });

    const renewed = body<RefreshResponse>(await refresh(t, staff.refresh_token.token, true)).data;
    expect(renewed.account_info?.app_list.find((a) => a.app_key === 'pdf')?.be_authorized).toBe(false);
    const list = await api(t, renewed.access_token.token, { method: 'GET', url: '/api/app/list' });
    expect(body(list).code).toBe(0);
    const pdf = body<{ list: Array<{ app_key: string; be_authorized: boolean }> }>(list).data.list.find(
      (a) => a.app_key === 'pdf',
    );
    expect(pdf?.be_authorized).toBe(false);
    const blocked = await api(t, renewed.access_token.token, { method: 'GET', url: '/api/pdf/session/list' });
    expect(body(blocked).code).toBe(4003);

    // A rule naming only staff leaves the admin's token valid.
    expect(body(await api(t, admin.access_token.token, { method: 'GET', url: '/api/app/list' })).code).toBe(0);
  });

  it('a catalogue change reaches everyone', async () => {
    const staff = await issueTokensFor(t, 'staff');
    const admin = await issueTokensFor(t, 'admin');
    const upsert = await api(t, admin.access_token.token, {
      method: 'POST',
      url: '/api/admin/apps/upsert',
      payload: { app_key: 'newtool', app_name: '新工具', app_url: '/newtool', type_tags: ['通用工具'] },
    });
    expect(body(upsert).code).toBe(0);
    expect(body(await api(t, staff.access_token.token, { method: 'GET', url: '/api/user/info' })).code).toBe(1004);
    const renewed = body<RefreshResponse>(await refresh(t, staff.refresh_token.token, true)).data;
    expect(renewed.account_info?.app_list.some((a) => a.app_key === 'newtool' && a.be_authorized)).toBe(true);
  });
});

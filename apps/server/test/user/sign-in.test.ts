import { ErrorMessage, type LoginResponse } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorizeUrl,
  body,
  bearer,
  browserCookieFor,
  buildTestApp,
  completeProviderLogin,
  signInAs,
  type TestApp,
} from '../helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('sign-in through the built-in provider', () => {
  it('returns an authorize URL with PKCE S256, state and nonce at the provider', async () => {
    const url = new URL(await authorizeUrl(t, '/chatgpt'));
    expect(url.origin + url.pathname).toBe(`${t.baseUrl}/oidc/auth`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toBeTruthy();
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('redirect_uri')).toBe(`${t.baseUrl}/login`);
  });

  it('asks the provider to sign in again after an explicit sign-out (prompt=login) and refuses other prompts', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user/authorize',
      query: { from: '/home', prompt: 'login' },
    });
    const url = new URL(body<{ url: string }>(res).data.url);
    expect(url.searchParams.get('prompt')).toBe('login');
    expect(new URL(await authorizeUrl(t)).searchParams.has('prompt')).toBe(false);
    const bad = await t.app.inject({ method: 'GET', url: '/api/user/authorize', query: { prompt: 'none' } });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toContain('prompt');
  });

  it('shows a Chinese sign-in form without scripts and refuses a wrong password', async () => {
    await expect(completeProviderLogin(t, await authorizeUrl(t), 'staff', 'wrong')).rejects.toThrow(/refused/);
    const { loginPage } = await completeProviderLogin(t, await authorizeUrl(t), 'staff');
    expect(loginPage).toContain('name="login"');
    expect(loginPage).toContain('name="password"');
    expect(loginPage).toContain('登录');
    expect(loginPage).not.toContain('<script');
    const page = await fetch(`${t.baseUrl}/oidc/interaction/unknown`);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(page.status).toBe(400);
    expect(await page.text()).toContain('登录请求无效或已过期');
  });

  it('answers 账号或密码错误 on the form for a wrong password', async () => {
    const url = await authorizeUrl(t);
    const first = await fetch(url, { redirect: 'manual' });
    const cookie = first.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const location = new URL(first.headers.get('location') ?? '', url);
    const res = await fetch(new URL(`${location.pathname}/login`, url), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'login=staff&password=nope',
    });
    expect(res.status).toBe(401);
    expect(await res.text()).toContain('账号或密码错误');
  });

  it('signs staff in with a real round trip and returns tokens, account info and the redirect', async () => {
    const res = await signInAs(t, 'staff', '/chatgpt/session?id=1');
    expect(res.redirect).toBe('/chatgpt/session?id=1');
    expect(res.access_token.token.split('.')).toHaveLength(3);
    expect(res.access_token.expire_at).toBeGreaterThan(Date.now());
    expect(res.refresh_token.token.length).toBeGreaterThan(40);
    expect(res.account_info.user_name).toBe('张三');
    expect(res.account_info.email).toBe('staff@example.com');
    expect(res.account_info.mobile).toBe('13800000002');
    expect(res.account_info.is_admin).toBe(false);
    const byKey = Object.fromEntries(res.account_info.app_list.map((a) => [a.app_key, a.be_authorized]));
    expect(byKey.deepseek).toBe(false);
    expect(byKey.addbg).toBe(false);
    expect(byKey.chatgpt).toBe(true);
    expect(byKey.mscopilot).toBe(true);

    const info = await t.app.inject({ method: 'GET', url: '/api/user/info', headers: bearer(res.access_token.token) });
    expect(body<{ account_info: LoginResponse['account_info'] }>(info).data.account_info.id).toBe(res.account_info.id);
  });

  it('signs admin in as an administrator who may open every app', async () => {
    const res = await signInAs(t, 'admin');
    expect(res.redirect).toBe('/home');
    expect(res.account_info.is_admin).toBe(true);
    expect(res.account_info.app_list.every((a) => a.be_authorized)).toBe(true);
  });

  it('refuses an unknown state and a state used twice', async () => {
    const { code, state } = await completeProviderLogin(t, await authorizeUrl(t), 'staff');
    const headers = { cookie: browserCookieFor(state) };
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { code, state: `${state}x` },
      headers,
    });
    expect(wrong.statusCode).toBe(400);
    expect(body(wrong).code).toBe(4001);
    const good = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { code, state }, headers });
    expect(body(good).code).toBe(0);
    const again = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { code, state }, headers });
    expect(body(again).code).toBe(4001);
    expect(body(again).message).toBe('登录请求无效或已过期，请重新登录');
  });

  it('refuses a code bound to another sign-in attempt (state mismatch)', async () => {
    const a = await completeProviderLogin(t, await authorizeUrl(t), 'staff');
    const b = await completeProviderLogin(t, await authorizeUrl(t), 'staff');
    const crossed = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { code: a.code, state: b.state },
      headers: { cookie: browserCookieFor(b.state) },
    });
    expect(body(crossed).code).toBe(4001);
  });
});

describe('login CSRF: a sign-in is bound to the browser that started it', () => {
  it('sets an HttpOnly, SameSite=Lax cookie scoped to /api/user and keeps its key across sign-ins', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/user/authorize' });
    const cookie = String(first.headers['set-cookie']);
    expect(cookie).toMatch(/^portal_signin=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/api/user');
    const pair = cookie.split(';')[0] ?? '';
    const second = await t.app.inject({ method: 'GET', url: '/api/user/authorize', headers: { cookie: pair } });
    expect(String(second.headers['set-cookie']).split(';')[0]).toBe(pair);
  });

  it('refuses a complete code + state pair presented by another browser, or by none', async () => {
    // The attacker's browser runs the sign-in with the attacker's own account.
    const attacker = await completeProviderLogin(t, await authorizeUrl(t), 'admin');
    // The victim's browser has its own key (it started a sign-in of its own at some point).
    const victimState = new URL(await authorizeUrl(t)).searchParams.get('state') ?? '';
    const victimCookie = browserCookieFor(victimState);
    expect(victimCookie).not.toBe(browserCookieFor(attacker.state));

    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { code: attacker.code, state: attacker.state },
      headers: { cookie: victimCookie },
    });
    expect(refused.statusCode).toBe(400);
    expect(body(refused)).toEqual({ code: 4001, message: ErrorMessage.loginOtherBrowser, data: null });
    expect(refused.headers['set-cookie']).toBeUndefined();

    const other = await completeProviderLogin(t, await authorizeUrl(t), 'admin');
    const noCookie = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { code: other.code, state: other.state },
    });
    expect(body(noCookie).message).toBe(ErrorMessage.loginOtherBrowser);
  });

  it('lets two sign-ins started in one browser both finish there', async () => {
    const a = await completeProviderLogin(t, await authorizeUrl(t), 'staff');
    const cookie = browserCookieFor(a.state);
    const b = await completeProviderLogin(t, await authorizeUrl(t, '/chatgpt', cookie), 'staff');
    expect(browserCookieFor(b.state)).toBe(cookie);
    for (const { code, state } of [a, b]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { code, state },
        headers: { cookie },
      });
      expect(body(res).code).toBe(0);
    }
  });
});

describe('login redirect allowlist', () => {
  it.each(['//evil.com', 'https://evil.com', '/\\evil.com', 'javascript:alert(1)'])(
    'sends %j to /home',
    async (from) => {
      expect((await signInAs(t, 'staff', from)).redirect).toBe('/home');
    },
  );

  it('accepts the origin of a registered external app', async () => {
    expect((await signInAs(t, 'staff', 'https://kb.example.com/docs/1')).redirect).toBe(
      'https://kb.example.com/docs/1',
    );
  });
});

import { ErrorCode } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalConfig } from '../../src/config/schema';
import { authorizeUrl, body, browserCookieFor, buildTestApp, completeProviderLogin, type TestApp } from '../helper';

/** A WeCom entry is enough to count as SSO; nothing here talks to it. */
function withWecom(breakGlass: boolean, password?: (login: string) => string) {
  return (c: PortalConfig): PortalConfig => ({
    ...c,
    sso: {
      ...c.sso,
      builtin_break_glass: breakGlass,
      providers: {
        ...c.sso.providers,
        wecom: {
          corp_id: 'ww0123456789abcdef',
          agent_id: '1000002',
          secret_env: 'TEST_BUILTIN_WECOM_SECRET',
          api_base: 'http://127.0.0.1:9',
          login_base: 'http://127.0.0.1:9',
          oauth_base: 'http://127.0.0.1:9',
          root_department: '1',
        },
      },
    },
    demo_accounts: password ? c.demo_accounts.map((a) => ({ ...a, password: password(a.login) })) : c.demo_accounts,
  });
}

const ownPassword = (login: string) => `${login}-Own-Pass-7f3k`;

let ssoOnly: TestApp;
let breakGlass: TestApp;

beforeAll(async () => {
  process.env.TEST_BUILTIN_WECOM_SECRET = 'wecom-secret-for-this-test';
  ssoOnly = await buildTestApp({ config: withWecom(false) });
  breakGlass = await buildTestApp({ config: withWecom(true, ownPassword) });
}, 180_000);

afterAll(async () => {
  await ssoOnly?.close();
  await breakGlass?.close();
});

describe('the built-in provider with only WeCom / Feishu / DingTalk configured', () => {
  it('is off: no company-account choice, no authorize URL, no /oidc', async () => {
    const providers = await ssoOnly.app.inject({ method: 'GET', url: '/api/user/providers' });
    expect(body<{ oidc: boolean }>(providers).data.oidc).toBe(false);

    const authorize = await ssoOnly.app.inject({ method: 'GET', url: '/api/user/authorize' });
    expect(authorize.statusCode).toBe(400);
    expect(body(authorize)).toEqual({ code: ErrorCode.validation, message: '该登录方式未启用', data: null });

    const discovery = await fetch(`${ssoOnly.baseUrl}/oidc/.well-known/openid-configuration`);
    expect(discovery.status).toBe(404);
    const form = await fetch(`${ssoOnly.baseUrl}/oidc/interaction/anything/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'login=admin&password=admin123',
    });
    expect(form.status).toBe(404);
  });

  it('stays on with sso.builtin_break_glass: the administrator signs in with a password of the operator', async () => {
    const providers = await breakGlass.app.inject({ method: 'GET', url: '/api/user/providers' });
    expect(body<{ oidc: boolean }>(providers).data.oidc).toBe(true);

    const { code, state } = await completeProviderLogin(
      breakGlass,
      await authorizeUrl(breakGlass),
      'admin',
      ownPassword('admin'),
    );
    const res = await breakGlass.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { code, state },
      headers: { cookie: browserCookieFor(state) },
    });
    expect(body<{ account_info: { is_admin: boolean } }>(res)).toMatchObject({
      code: 0,
      data: { account_info: { is_admin: true } },
    });
  });
});

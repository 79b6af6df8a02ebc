import { ErrorMessage, type LoginResponse } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizeUrl, body, browserCookieFor, buildTestApp, type TestApp } from '../helper';
import { FakeOidcIssuer } from './fake-oidc-issuer';

/** A company issuer (on loopback, so plain http is allowed) in front of the portal's relying party. */

const issuer = new FakeOidcIssuer();
let t: TestApp;

beforeAll(async () => {
  await issuer.start();
  t = await buildTestApp({
    config: (c) => ({ ...c, sso: { ...c.sso, issuer: issuer.origin, client_secret: undefined } }),
  });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await issuer.stop();
});

async function signIn(login: string) {
  const { code, state } = issuer.approve(await authorizeUrl(t), login);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { code, state },
    headers: { cookie: browserCookieFor(state) },
  });
  return { status: res.statusCode, env: body<LoginResponse>(res) };
}

describe('the ID token of a company issuer', () => {
  it('signs in when the token is signed with a key of the issuer’s JWKS', async () => {
    issuer.signWithForeignKey = false;
    const { env } = await signIn('wangwei');
    expect(env.code).toBe(0);
    expect(env.data.account_info.user_name).toBe('wangwei');
  });

  it('is refused when signed with another key, though every claim is right', async () => {
    issuer.signWithForeignKey = true;
    try {
      const { status, env } = await signIn('mallory');
      expect(status).toBe(400);
      expect(env).toEqual({ code: 4001, message: ErrorMessage.invalidLoginState, data: null });
    } finally {
      issuer.signWithForeignKey = false;
    }
  });
});

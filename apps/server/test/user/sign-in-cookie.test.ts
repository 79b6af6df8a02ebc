import { ErrorMessage } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helper';
import { FakeWorkplace, setFakeSecrets } from '../auth/fake-workplace';
import { finishWorkplaceLogin, startWorkplaceLogin, workplaceConfig } from '../auth/workplace-helpers';

/**
 * The sign-in binding cookie by transport. WeCom sign-ins start without the OIDC discovery, so a
 * portal published at an https PUBLIC_URL can be driven here over its plain listening port.
 */

const fake = new FakeWorkplace();
let https: TestApp;
let http: TestApp;

beforeAll(async () => {
  await fake.start();
  setFakeSecrets();
  fake.directories.wecom = {
    departments: [{ id: '1', name: '示例公司', parent: '' }],
    people: [{ id: 'zhangsan', name: '张三', departments: ['1'] }],
  };
  https = await buildTestApp({ config: workplaceConfig(fake), publicUrl: 'https://portal.example.test' });
  http = await buildTestApp({ config: workplaceConfig(fake) });
}, 180_000);

afterAll(async () => {
  await https?.close();
  await http?.close();
  await fake.stop();
});

function attributes(cookie: string): string[] {
  return cookie.split(';').map((a) => a.trim());
}

describe('the sign-in binding cookie over https', () => {
  it('is __Host-portal_signin: Secure, Path=/, no Domain, HttpOnly, SameSite=Lax', async () => {
    const { cookie } = await startWorkplaceLogin(https, 'wecom');
    expect(cookie).toMatch(/^__Host-portal_signin=[A-Za-z0-9_-]{43}$/);
    const res = await https.app.inject({ method: 'GET', url: '/api/user/authorize', query: { provider: 'wecom' } });
    const parts = attributes(String(res.headers['set-cookie']));
    expect(parts).toEqual(expect.arrayContaining(['Path=/', 'Secure', 'HttpOnly', 'SameSite=Lax']));
    expect(parts.some((p) => /^domain=/i.test(p))).toBe(false);
  });

  it('finishes a sign-in with the __Host- cookie and ignores an unprefixed one a sibling subdomain could toss', async () => {
    const { url, cookie } = await startWorkplaceLogin(https, 'wecom');
    const key = cookie.split('=')[1] ?? '';

    // Same key under the unprefixed name: what a page on another host of the domain can set.
    const tossed = fake.approve(url, 'wecom', 'zhangsan');
    const refused = await finishWorkplaceLogin(https, `portal_signin=${key}`, tossed.code, tossed.state);
    expect(refused.status).toBe(400);
    expect(refused.env.message).toBe(ErrorMessage.loginOtherBrowser);

    const again = await startWorkplaceLogin(https, 'wecom');
    const { code, state } = fake.approve(again.url, 'wecom', 'zhangsan');
    const done = await finishWorkplaceLogin(https, again.cookie, code, state);
    expect(done.env.code).toBe(0);
  });
});

describe('the sign-in binding cookie over plain http (localhost)', () => {
  it('keeps portal_signin scoped to /api/user without Secure: browsers refuse __Host- there', async () => {
    const res = await http.app.inject({ method: 'GET', url: '/api/user/authorize', query: { provider: 'wecom' } });
    const parts = attributes(String(res.headers['set-cookie']));
    expect(parts[0]).toMatch(/^portal_signin=[A-Za-z0-9_-]{43}$/);
    expect(parts).toContain('Path=/api/user');
    expect(parts).not.toContain('Secure');

    const { url, cookie } = await startWorkplaceLogin(http, 'wecom');
    const { code, state } = fake.approve(url, 'wecom', 'zhangsan');
    expect((await finishWorkplaceLogin(http, cookie, code, state)).env.code).toBe(0);
  });
});

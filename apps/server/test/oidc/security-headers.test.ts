import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizeUrl, buildTestApp, type TestApp } from '../helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The policy's directives by name. */
function directives(csp: string | null): Record<string, string> {
  return Object.fromEntries(
    (csp ?? '').split(';').map((d) => {
      const [name = '', ...sources] = d.trim().split(/\s+/);
      return [name, sources.join(' ')];
    }),
  );
}

function expectPortalHeaders(res: Response, scripts = "'none'") {
  const policy = directives(res.headers.get('content-security-policy'));
  expect(policy['default-src']).toBe("'none'");
  expect(policy['script-src']).toBe(scripts);
  expect(policy['base-uri']).toBe("'none'");
  expect(policy['frame-ancestors']).toBe("'none'");
  expect(policy['form-action']).toBe(`'self' ${t.baseUrl}`);
  expect(res.headers.get('x-frame-options')).toBe('DENY');
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
}

/** No stylesheet, font, script or image from anywhere but the page itself; forms post to the provider. */
function expectSelfContained(html: string) {
  expect(html.replaceAll(`${t.baseUrl}/oidc/`, '')).not.toMatch(/https?:\/\//);
  expect(html).not.toMatch(/@import|<link|<script/i);
}

/** Each inline stylesheet of the page is allowed by its hash, and nothing else inline is. */
function expectStylesAllowed(html: string, res: Response) {
  const policy = directives(res.headers.get('content-security-policy'));
  const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? '');
  expect(styles.length).toBeGreaterThan(0);
  for (const style of styles) {
    expect(policy['style-src']).toContain(`'sha256-${createHash('sha256').update(style).digest('base64')}'`);
  }
  expect(policy['style-src']).not.toContain('unsafe-inline');
}

/** The provider's cookies after a browser signed staff in there. */
async function signedInCookies(): Promise<string> {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [name = '', value = ''] = (line.split(';')[0] ?? '').split('=');
      jar.set(name, value);
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  let res = await fetch(await authorizeUrl(t), { redirect: 'manual' });
  keep(res);
  const action = `${new URL(res.headers.get('location') ?? '', t.baseUrl).href}/login`;
  res = await fetch(action, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: cookie(), 'content-type': 'application/x-www-form-urlencoded' },
    body: 'login=staff&password=staff123',
  });
  keep(res);
  for (let step = 0; step < 6 && res.status === 303; step++) {
    const next = new URL(res.headers.get('location') ?? '', t.baseUrl);
    if (next.pathname === '/login') break;
    res = await fetch(next, { redirect: 'manual', headers: { cookie: cookie() } });
    keep(res);
  }
  return cookie();
}

describe('the built-in provider under /oidc sends the portal security headers', () => {
  it('on the sign-in page, whose own stylesheet its policy allows by hash', async () => {
    const first = await fetch(await authorizeUrl(t), { redirect: 'manual' });
    expect(first.status).toBe(303);
    expectPortalHeaders(first);
    const cookie = first.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const page = await fetch(new URL(first.headers.get('location') ?? '', t.baseUrl), { headers: { cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('name="password"');
    expectPortalHeaders(page);
    expectStylesAllowed(html, page);
    expectSelfContained(html);
  });

  it('on the discovery document and the keys', async () => {
    for (const path of ['/oidc/.well-known/openid-configuration', '/oidc/jwks']) {
      const res = await fetch(`${t.baseUrl}${path}`);
      expect(res.status).toBe(200);
      expectPortalHeaders(res);
    }
  });

  it("on the provider's error page, in Chinese and loading nothing from the internet", async () => {
    const res = await fetch(`${t.baseUrl}/oidc/auth?client_id=nobody&response_type=code&scope=openid`);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('登录请求无法完成');
    expect(html).toContain('invalid_client');
    expectPortalHeaders(res);
    expectStylesAllowed(html, res);
    expectSelfContained(html);
  });

  it("on the provider's sign-out pages, in Chinese and loading nothing from the internet", async () => {
    // Without a session the provider submits its sign-out form itself, with an inline script that
    // the policy allows by its hash and nothing else.
    const bare = await fetch(`${t.baseUrl}/oidc/session/end`);
    expect(bare.status).toBe(200);
    const submitting = await bare.text();
    const script = /<script>([\s\S]*?)<\/script>/.exec(submitting)?.[1] ?? '';
    expect(script).toContain('submit()');
    expectPortalHeaders(bare, `'sha256-${createHash('sha256').update(script).digest('base64')}'`);
    expectSelfContained(submitting.replace(/<script>[\s\S]*?<\/script>/, ''));

    const cookie = await signedInCookies();
    const asked = await fetch(`${t.baseUrl}/oidc/session/end`, { headers: { cookie } });
    expect(asked.status).toBe(200);
    const html = await asked.text();
    expect(html).toContain('要退出内置身份认证的登录吗');
    expect(html).toContain('name="xsrf"');
    expectPortalHeaders(asked);
    expectStylesAllowed(html, asked);
    expectSelfContained(html);
  });

  it('on an expired interaction page', async () => {
    const res = await fetch(`${t.baseUrl}/oidc/interaction/unknown`);
    expect(res.status).toBe(400);
    expectPortalHeaders(res);
    expectStylesAllowed(await res.text(), res);
  });
});

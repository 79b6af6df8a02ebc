import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizeUrl, buildTestApp, type TestApp } from '../helper';
import { openInteraction, postLogin } from './interaction';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The authorize URL with one parameter replaced. */
async function authorizeWith(name: string, value: string): Promise<string> {
  const url = new URL(await authorizeUrl(t));
  url.searchParams.set(name, value);
  return url.toString();
}

const form = { 'content-type': 'application/x-www-form-urlencoded' };

describe('NUL bytes sent to the built-in provider answer 400 before it sees them', () => {
  it.each(['state', 'nonce', 'code_challenge', 'client_id', 'scope'])(
    'in the authorization request %s, with a Chinese page',
    async (name) => {
      const res = await fetch(await authorizeWith(name, 'a\u0000b'), { redirect: 'manual' });
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(await res.text()).toContain(`参数 ${name} 不合法：不能包含空字符`);
    },
  );

  it('in a parameter name and in the path', async () => {
    const named = await fetch(`${await authorizeUrl(t)}&x%00=1`, { redirect: 'manual' });
    expect(named.status).toBe(400);
    const path = await fetch(`${t.baseUrl}/oidc/auth/a%00b`, { redirect: 'manual' });
    expect(path.status).toBe(400);
  });

  it('in an authorization request posted as a form', async () => {
    const query = new URL(await authorizeUrl(t)).searchParams;
    query.set('state', 's\u0000');
    const res = await fetch(`${t.baseUrl}/oidc/auth`, {
      method: 'POST',
      redirect: 'manual',
      headers: form,
      body: query.toString(),
    });
    expect(res.status).toBe(400);
  });

  it('in the token request, as OAuth JSON', async () => {
    const res = await fetch(`${t.baseUrl}/oidc/token`, {
      method: 'POST',
      headers: { ...form, authorization: `Basic ${Buffer.from('portal:x').toString('base64')}` },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: 'c\u0000', redirect_uri: 'x' }).toString(),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: 'invalid_request',
      error_description: '参数 code 不合法：不能包含空字符（\\u0000）',
    });
  });

  it('in the sign-in form of an interaction and in its address', async () => {
    const interaction = await openInteraction(t);
    for (const body of ['login=ad%00min&password=x', 'login=admin&password=a%00']) {
      const res = await postLogin(interaction, body);
      expect(res.status).toBe(400);
      expect(await res.text()).toContain('不能包含空字符');
    }
    const page = await fetch(interaction.action.replace(/\/login$/, '%00'), {
      headers: { cookie: interaction.cookie },
    });
    expect(page.status).toBe(400);
    expect(await page.text()).toContain('不能包含空字符');
  });
});

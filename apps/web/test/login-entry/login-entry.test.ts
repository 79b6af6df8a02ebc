import { describe, expect, it, vi } from 'vitest';
import { signInAddress } from '../../src/login-entry/authorize-url';

const page = 'https://portal.test/login?from=%2Fhome';
const ok = (data: unknown) => new Response(JSON.stringify({ code: 0, message: 'ok', data }), { status: 200 });

function fakeFetch(apiDomain: string | undefined, authorize: (url: URL) => Response) {
  const calls: string[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), page);
    calls.push(url.toString());
    if (url.pathname === '/app-config.json') {
      return new Response(JSON.stringify(apiDomain === undefined ? {} : { apiDomain }), { status: 200 });
    }
    return authorize(url);
  }) as unknown as typeof fetch;
  return { fetchImpl, calls };
}

describe('the small sign-in page', () => {
  it('asks the config and the authorize call side by side and goes to the provider', async () => {
    const { fetchImpl, calls } = fakeFetch(undefined, (url) =>
      ok({ url: `https://sso.test/auth?state=${url.searchParams.get('from')}` }),
    );
    const url = await signInAddress('/chatgpt/session?id=1', false, { fetch: fetchImpl, pageUrl: page, base: '/' });
    expect(url).toBe('https://sso.test/auth?state=/chatgpt/session?id=1');
    // Both requests went out before either answered: one authorize call, same origin.
    expect(calls.filter((c) => c.includes('/api/user/authorize'))).toEqual([
      'https://portal.test/api/user/authorize?from=%2Fchatgpt%2Fsession%3Fid%3D1',
    ]);
  });

  it('asks the provider to show its form again after an explicit sign-out', async () => {
    const { fetchImpl, calls } = fakeFetch('/', () => ok({ url: 'https://sso.test/auth' }));
    await signInAddress('', true, { fetch: fetchImpl, pageUrl: page, base: '/' });
    expect(calls.find((c) => c.includes('/api/user/authorize'))).toContain('prompt=login');
  });

  it('asks the API the config names when it lives elsewhere', async () => {
    const { fetchImpl, calls } = fakeFetch('https://api.portal.test/', (url) =>
      url.origin === 'https://api.portal.test'
        ? ok({ url: 'https://sso.test/other' })
        : new Response('nope', { status: 404 }),
    );
    const url = await signInAddress('/home', false, { fetch: fetchImpl, pageUrl: page, base: '/' });
    expect(url).toBe('https://sso.test/other');
    expect(calls).toContain('https://api.portal.test/api/user/authorize?from=%2Fhome');
  });

  it('reports the server message of a refused call, and a generic one for garbage', async () => {
    const refused = fakeFetch(
      undefined,
      () =>
        new Response(JSON.stringify({ code: 4290, message: '请求过于频繁，请稍后再试', data: null }), { status: 429 }),
    );
    await expect(signInAddress('', false, { fetch: refused.fetchImpl, pageUrl: page, base: '/' })).rejects.toThrow(
      '请求过于频繁，请稍后再试',
    );
    const garbage = fakeFetch(undefined, () => ok({ url: 42 }));
    await expect(signInAddress('', false, { fetch: garbage.fetchImpl, pageUrl: page, base: '/' })).rejects.toThrow(
      '登录失败，请重试',
    );
  });
});

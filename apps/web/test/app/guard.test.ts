import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router';
import { guard } from '../../src/app/guard';
import { routeNamesOf } from '../../src/app/route-handle';
import { buildRouteTable } from '../../src/app/router';
import { accountInfo, appEntry } from '../../src/testing/fixtures';

const table = buildRouteTable();
const namesOf = (path: string) => routeNamesOf(matchRoutes(table, path.split('?')[0] ?? path) ?? []);
const signedIn = accountInfo({
  app_list: [
    appEntry({ app_key: 'chatgpt' }),
    appEntry({ app_key: 'deepseek', be_authorized: false }),
    appEntry({ app_key: 'stablediffusion' }),
    appEntry({ app_key: 'comfyui', be_authorized: false }),
    appEntry({ app_key: 'red' }),
  ],
});

function check(path: string, isLogin: boolean, account = isLogin ? signedIn : null) {
  return guard({ routeNames: namesOf(path), fullPath: path, isLogin, accountInfo: account });
}

describe('route names', () => {
  it('puts the top-level route name first', () => {
    expect(namesOf('/chatgpt/session')).toEqual(['chatgpt', 'chatgpt-session']);
    expect(namesOf('/red/overview/insight')[0]).toBe('red');
    expect(namesOf('/comfyui')).toEqual(['comfyui']);
    expect(namesOf('/')).toEqual(['root']);
    expect(namesOf('/no/such/page')).toEqual([]);
  });
});

describe('rule 1: sign-in', () => {
  it.each(['/login', '/preview', '/dev', '/prompt', '/'])('lets anyone open the public route %s', (path) => {
    expect(check(path, false)).toEqual({ allow: true });
  });

  it('sends signed-out users to /login with the encoded full path', () => {
    expect(check('/chatgpt/session?id=42&x=a b', false)).toEqual({
      allow: false,
      redirect: `/login?from=${encodeURIComponent('/chatgpt/session?id=42&x=a b')}`,
    });
    expect(check('/home', false)).toEqual({ allow: false, redirect: '/login?from=%2Fhome' });
    expect(check('/landing?appKey=x', false)).toMatchObject({ allow: false });
  });

  it('sends signed-out users on unknown paths to /login too', () => {
    expect(check('/nowhere', false)).toEqual({ allow: false, redirect: '/login?from=%2Fnowhere' });
  });
});

describe('rule 2: per-app rights', () => {
  it('allows an authorised app', () => {
    expect(check('/chatgpt/welcome', true)).toEqual({ allow: true });
    expect(check('/red/top/hot', true)).toEqual({ allow: true });
  });

  it('sends an unauthorised app to /landing with appKey and from', () => {
    expect(check('/deepseek/session?id=1', true)).toEqual({
      allow: false,
      redirect: `/landing?appKey=deepseek&from=${encodeURIComponent('/deepseek/session?id=1')}`,
    });
  });

  it('treats apps missing from app_list as not authorised', () => {
    expect(check('/pdf/welcome', true)).toMatchObject({
      allow: false,
      redirect: expect.stringContaining('/landing?appKey=pdf&'),
    });
  });

  it('checks the embedded tools against their own keys', () => {
    expect(check('/stablediffusion', true)).toEqual({ allow: true });
    expect(check('/comfyui', true)).toMatchObject({
      allow: false,
      redirect: '/landing?appKey=comfyui&from=%2Fcomfyui',
    });
  });

  it.each(['/home', '/landing?appKey=x', '/dev', '/metaso/welcome', '/login', '/preview', '/prompt'])(
    'exempts %s',
    (path) => {
      expect(check(path, true, accountInfo({ app_list: [] }))).toEqual({ allow: true });
    },
  );

  it('opens /admin only for administrators', () => {
    expect(check('/admin', true, accountInfo({ is_admin: true }))).toEqual({ allow: true });
    expect(check('/admin', true, accountInfo({ is_admin: false }))).toEqual({
      allow: false,
      redirect: '/landing?appKey=admin&from=%2Fadmin',
    });
  });
});

describe('rule 3: re-check after the user info sync', () => {
  it('refuses a page once the synced account lost the right', () => {
    const before = accountInfo({ app_list: [appEntry({ app_key: 'report' })] });
    const after = accountInfo({ app_list: [appEntry({ app_key: 'report', be_authorized: false })] });
    const input = { routeNames: namesOf('/report/session'), fullPath: '/report/session?id=1', isLogin: true };
    expect(guard({ ...input, accountInfo: before })).toEqual({ allow: true });
    expect(guard({ ...input, accountInfo: after })).toMatchObject({
      allow: false,
      redirect: expect.stringMatching(/^\/landing\?appKey=report&from=/),
    });
  });
});

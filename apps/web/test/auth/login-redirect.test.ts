import { describe, expect, it } from 'vitest';
import { buildRouteTable } from '../../src/app/router';
import { resolveLoginRedirect } from '../../src/features/auth/utils/login-redirect';
import { isKnownRoute } from '../../src/lib/route-registry';

const table = buildRouteTable();
const known = (path: string) => isKnownRoute(path, table);

describe('login redirect', () => {
  it('navigates to a known in-app path, loads an absolute URL, else /home', () => {
    expect(resolveLoginRedirect('/chatgpt/session?id=1', known)).toEqual({
      kind: 'navigate',
      to: '/chatgpt/session?id=1',
    });
    expect(resolveLoginRedirect('https://tool.example.com/x', known)).toEqual({
      kind: 'assign',
      url: 'https://tool.example.com/x',
    });
    expect(resolveLoginRedirect('/no/such/page', known)).toEqual({ kind: 'navigate', to: '/home' });
    expect(resolveLoginRedirect('//evil.example.com', known)).toEqual({ kind: 'navigate', to: '/home' });
    expect(resolveLoginRedirect('', known)).toEqual({ kind: 'navigate', to: '/home' });
  });
});

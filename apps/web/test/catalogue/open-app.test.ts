import { describe, expect, it, vi } from 'vitest';
import { buildRouteTable } from '../../src/app/router';
import { openApp, resolveOpenApp, withQueryParam, type OpenAppDeps } from '../../src/features/catalogue/utils/open-app';
import { isKnownRoute } from '../../src/lib/route-registry';
import { appEntry } from '../../src/testing/fixtures';

const table = buildRouteTable();
const known = (path: string) => isKnownRoute(path, table);

function deps(token = 'one-time-code') {
  const tab = { go: vi.fn(), close: vi.fn() };
  const d = {
    isKnownRoute: known,
    getTokenKey: vi.fn(async () => token),
    navigate: vi.fn(),
    assign: vi.fn(),
    openWindow: vi.fn(),
    prepareWindow: vi.fn(() => tab),
    track: vi.fn(),
    showError: vi.fn(),
  } satisfies OpenAppDeps;
  return { d, tab };
}

describe('resolveOpenApp', () => {
  it('sends an unauthorised app to landing with appKey and the encoded address', () => {
    expect(resolveOpenApp(appEntry({ app_key: 'pdf', app_url: '/pdf/welcome', be_authorized: false }), known)).toEqual({
      kind: 'landing',
      to: '/landing?appKey=pdf&from=%2Fpdf%2Fwelcome',
    });
  });

  it('opens mscopilot directly only when authorised', () => {
    const url = 'https://copilot.example.com/chat';
    expect(resolveOpenApp(appEntry({ app_key: 'mscopilot', app_url: url }), known)).toEqual({ kind: 'window', url });
    expect(resolveOpenApp(appEntry({ app_key: 'mscopilot', app_url: url, be_authorized: false }), known)).toMatchObject(
      { kind: 'landing' },
    );
  });

  it('routes internal addresses in-app when a route matches, else by page load', () => {
    expect(resolveOpenApp(appEntry({ app_url: '/chatgpt/welcome' }), known)).toEqual({
      kind: 'navigate',
      to: '/chatgpt/welcome',
    });
    expect(resolveOpenApp(appEntry({ app_url: '/red?tab=2' }), known)).toEqual({ kind: 'navigate', to: '/red?tab=2' });
    expect(resolveOpenApp(appEntry({ app_url: '/static/tool/index.html' }), known)).toEqual({
      kind: 'assign',
      url: '/static/tool/index.html',
    });
  });

  it.each(['', 'javascript:alert(1)', '//evil.example.com', 'ftp://files.example.com', 'http://'])(
    'rejects the address %j',
    (address) => {
      expect(resolveOpenApp(appEntry({ app_url: address }), known)).toEqual({
        kind: 'invalid',
        message: '无效的地址参数',
      });
    },
  );
});

describe('withQueryParam', () => {
  it('keeps the existing query and hash', () => {
    expect(withQueryParam('https://x.example.com/app?lang=zh&a=1#/page', 'blueaicode', 'abc')).toBe(
      'https://x.example.com/app?lang=zh&a=1&blueaicode=abc#/page',
    );
  });
});

describe('openApp', () => {
  it('external app: fetches a one-time code and opens it in a new tab with blueaicode', async () => {
    const { d, tab } = deps('tk 1');
    const app = appEntry({ app_key: 'studio', app_url: 'https://studio.example.com/start?from=portal#home' });
    const action = await openApp(app, d);
    expect(d.getTokenKey).toHaveBeenCalledWith('studio');
    expect(d.prepareWindow).toHaveBeenCalledTimes(1);
    expect(tab.go).toHaveBeenCalledWith('https://studio.example.com/start?from=portal&blueaicode=tk+1#home');
    expect(action).toEqual({
      kind: 'external',
      url: 'https://studio.example.com/start?from=portal&blueaicode=tk+1#home',
    });
    expect(d.track).toHaveBeenCalledWith('studio');
  });

  it('closes the prepared tab when the code cannot be obtained', async () => {
    const { d, tab } = deps();
    d.getTokenKey.mockRejectedValueOnce(new Error('no'));
    await expect(openApp(appEntry({ app_key: 'studio', app_url: 'https://studio.example.com' }), d)).rejects.toThrow(
      'no',
    );
    expect(tab.close).toHaveBeenCalled();
    expect(tab.go).not.toHaveBeenCalled();
  });

  it('mscopilot: window.open without a code', async () => {
    const { d } = deps();
    await openApp(appEntry({ app_key: 'mscopilot', app_url: 'https://copilot.example.com' }), d);
    expect(d.openWindow).toHaveBeenCalledWith('https://copilot.example.com/');
    expect(d.getTokenKey).not.toHaveBeenCalled();
    expect(d.track).toHaveBeenCalledWith('mscopilot');
  });

  it('not authorised: navigates to landing without recording an opening', async () => {
    const { d } = deps();
    await openApp(appEntry({ app_key: 'report', app_url: '/report', be_authorized: false }), d);
    expect(d.navigate).toHaveBeenCalledWith('/landing?appKey=report&from=%2Freport');
    expect(d.track).not.toHaveBeenCalled();
  });

  it('internal: router navigation or full page load', async () => {
    const { d } = deps();
    await openApp(appEntry({ app_key: 'chatgpt', app_url: '/chatgpt' }), d);
    expect(d.navigate).toHaveBeenCalledWith('/chatgpt');
    await openApp(appEntry({ app_key: 'legacy', app_url: '/legacy/index.html' }), d);
    expect(d.assign).toHaveBeenCalledWith('/legacy/index.html');
    expect(d.track.mock.calls).toEqual([['chatgpt'], ['legacy']]);
  });

  it('invalid address: shows 无效的地址参数', async () => {
    const { d } = deps();
    await openApp(appEntry({ app_url: 'mailto:someone@example.com' }), d);
    expect(d.showError).toHaveBeenCalledWith('无效的地址参数');
    expect(d.navigate).not.toHaveBeenCalled();
    expect(d.track).not.toHaveBeenCalled();
  });
});

import { describe, expect, it, vi } from 'vitest';
import { currentAppName, documentTitle } from '../src/app/chrome';
import { buildRouteTable } from '../src/app/router';
import { resolveLoginRedirect } from '../src/features/auth/utils/login-redirect';
import { groupApps, sceneTagsOf } from '../src/features/catalogue/utils/group-apps';
import { createAuthStorage, USER_INFO_KEY } from '../src/lib/auth-storage';
import { isKnownRoute } from '../src/lib/route-registry';
import { defaultRuntimeConfig, loadRuntimeConfig } from '../src/lib/runtime-config';
import { buildVersion, versionScript } from '../build/version-file-plugin';
import { accountInfo, appEntry, storedUser } from '../src/testing/fixtures';

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

describe('route table', () => {
  it.each([
    '/',
    '/home',
    '/landing',
    '/login',
    '/preview',
    '/dev',
    '/prompt',
    '/admin',
    '/chatgpt/welcome',
    '/chatgpt/session',
    '/deepseek/session',
    '/metaso/welcome',
    '/addbg/workbench',
    '/addbg/welcome',
    '/red/overview/insight',
    '/red/overview/collection',
    '/red/top/hot',
    '/red/top/newest',
    '/red/pdftest',
    '/red/detail',
    '/brainstorm/session',
    '/insight/welcome',
    '/pdf/session',
    '/report/session',
    '/marketing/welcome',
    '/stablediffusion',
    '/comfyui',
  ])('knows %s', (path) => expect(known(path)).toBe(true));

  it('does not count the catch-all as known', () => {
    expect(known('/unknown/page')).toBe(false);
  });
});

describe('catalogue grouping', () => {
  const apps = [
    appEntry({ app_key: 'a', app_name: 'ChatGPT', type_tags: ['通用工具'], scene_tags: ['写作'], order: 2 }),
    appEntry({ app_key: 'b', app_name: '报告', type_tags: ['国内业务', '全球业务'], scene_tags: ['分析'], order: 1 }),
    appEntry({ app_key: 'c', app_name: '杂项', type_tags: [], scene_tags: ['写作'] }),
  ];

  it('groups by type tag in catalogue order, untagged under 其他', () => {
    expect(groupApps(apps, '全部', '').map((g) => [g.tag, g.apps.map((a) => a.app_key)])).toEqual([
      ['国内业务', ['b']],
      ['全球业务', ['b']],
      ['通用工具', ['a']],
      ['其他', ['c']],
    ]);
  });

  it('filters by scene and by name', () => {
    expect(groupApps(apps, '写作', '').flatMap((g) => g.apps.map((a) => a.app_key))).toEqual(['a', 'c']);
    expect(groupApps(apps, '全部', 'chat').flatMap((g) => g.apps.map((a) => a.app_key))).toEqual(['a']);
    expect(groupApps(apps, '全部', 'zzz')).toEqual([]);
    expect(sceneTagsOf(apps)).toEqual(['写作', '分析']);
  });
});

describe('auth storage', () => {
  it('stores the section 3 shape under userInfo and clears it', () => {
    const map = new Map<string, string>();
    const storage = createAuthStorage({
      getItem: (k) => map.get(k) ?? null,
      setItem: (k, v) => void map.set(k, v),
      removeItem: (k) => void map.delete(k),
    });
    const user = storedUser();
    storage.write(user);
    expect(JSON.parse(map.get(USER_INFO_KEY) ?? '')).toEqual(user);
    storage.setTokens({ token: 'a2', expire_at: 1 }, { token: 'r2', expire_at: 2 });
    expect(storage.read()?.access_token.token).toBe('a2');
    expect(storage.read()?.account_info).toEqual(user.account_info);
    storage.clear();
    expect(storage.read()).toBeNull();
    map.set(USER_INFO_KEY, '{broken');
    expect(storage.read()).toBeNull();
  });
});

describe('runtime config', () => {
  it('parses the file and falls back to defaults on failure', async () => {
    const good = vi.fn(
      async () => new Response(JSON.stringify({ title: '员工 AI 门户', apiDomain: 'https://api.example.com/' })),
    );
    const config = await loadRuntimeConfig(good as unknown as typeof fetch);
    expect(config.title).toBe('员工 AI 门户');
    expect(config.apiDomain).toBe('https://api.example.com/');
    expect(String((good.mock.calls[0] as unknown[])[0])).toMatch(/^\/app-config\.json\?t=\w+/);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const bad = vi.fn(async () => new Response('nope', { status: 404 }));
    expect(await loadRuntimeConfig(bad as unknown as typeof fetch)).toEqual(defaultRuntimeConfig);
    logged.mockRestore();
  });
});

describe('page chrome', () => {
  it('titles pages with the runtime title and the current app name', () => {
    const account = accountInfo({ app_list: [appEntry({ app_key: 'report', app_name: '行业报告助手' })] });
    expect(documentTitle('AI 门户', currentAppName('report', account))).toBe('AI 门户 - 行业报告助手');
    expect(documentTitle('AI 门户', currentAppName('pdf', account))).toBe('AI 门户 - PDF文档分析');
    expect(documentTitle('AI 门户', currentAppName('home', account))).toBe('AI 门户');
  });
});

describe('version.js', () => {
  it('sets the global version', () => {
    const version = buildVersion('1.6.0', new Date('2026-11-22T01:02:03Z'));
    expect(version).toMatch(/^1\.6\.0-(\w+-)?20261122010203$/);
    expect(versionScript(version)).toBe(`window.__PORTAL_VERSION__ = ${JSON.stringify(version)};\n`);
  });
});

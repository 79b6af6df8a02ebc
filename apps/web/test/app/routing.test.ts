import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { MODULE_NAMES, MODULE_ROUTES, moduleEntry } from '@portal/contract';
import { buildRouteTable } from '../../src/app/router';
import { toolRoutes, webModules } from '../../src/app/web-modules';
import { useUserStore } from '../../src/features/auth/store/user-store';
import { moduleTitles } from '../../src/features/modules/module-meta';
import { accountInfo, appEntry, storedUser } from '../../src/testing/fixtures';

async function settle(router: ReturnType<typeof createMemoryRouter>) {
  for (let i = 0; i < 2000 && (!router.state.initialized || router.state.navigation.state !== 'idle'); i++) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return router.state.location.pathname + router.state.location.search;
}

async function landAt(path: string) {
  const router = createMemoryRouter(buildRouteTable(), { initialEntries: [path] });
  const where = await settle(router);
  router.dispose();
  return where;
}

function signIn(
  apps = [appEntry({ app_key: 'chatgpt' }), appEntry({ app_key: 'red' }), appEntry({ app_key: 'addbg' })],
) {
  useUserStore.getState().signIn(storedUser({ account_info: accountInfo({ app_list: apps }) }));
}

afterEach(() => useUserStore.getState().signOut());

describe('redirects of section 2', { timeout: 20_000 }, () => {
  it.each([
    ['/', '/home'],
    ['/chatgpt', '/chatgpt/welcome'],
    ['/addbg', '/addbg/workbench'],
    ['/red', '/red/overview/insight'],
    ['/red/overview', '/red/overview/insight'],
    ['/red/top', '/red/top/hot'],
    ['/somewhere/else', '/home'],
  ])('%s → %s', async (from, to) => {
    signIn();
    expect(await landAt(from)).toBe(to);
  });
});

describe('guard inside the router', () => {
  it('sends signed-out users to login with the wanted page', async () => {
    expect(await landAt('/chatgpt/session?id=5')).toBe(`/login?from=${encodeURIComponent('/chatgpt/session?id=5')}`);
  });

  it('keeps public pages open', async () => {
    expect(await landAt('/preview')).toBe('/preview');
    expect(await landAt('/prompt')).toBe('/prompt');
  });

  it('sends apps without rights to landing', async () => {
    signIn();
    expect(await landAt('/report/welcome')).toBe(
      `/landing?appKey=report&from=${encodeURIComponent('/report/welcome')}`,
    );
  });

  it('runs again on revalidation after the user info sync (rule 3)', async () => {
    signIn();
    const router = createMemoryRouter(buildRouteTable(), { initialEntries: ['/chatgpt/welcome'] });
    expect(await settle(router)).toBe('/chatgpt/welcome');
    useUserStore
      .getState()
      .setAccountInfo(accountInfo({ app_list: [appEntry({ app_key: 'chatgpt', be_authorized: false })] }));
    await router.revalidate();
    expect(await settle(router)).toBe(`/landing?appKey=chatgpt&from=${encodeURIComponent('/chatgpt/welcome')}`);
    router.dispose();
  });
});

describe('module routes come from the contract module table', () => {
  const table = buildRouteTable();
  const children = (routes: RouteObject[] | undefined): RouteObject[] =>
    (routes ?? []).flatMap((r) => [r, ...children(r.children)]);
  const all = children(table);
  const named = (name: string) => all.find((r) => (r.handle as { name?: string } | undefined)?.name === name);

  it('has a top-level route for every module with a path, named after the module', () => {
    for (const module of MODULE_ROUTES) {
      const route = named(module.name);
      expect(route, module.name).toBeTruthy();
      expect(`/${route?.path}`).toBe(module.path);
    }
  });

  it('titles session modules from the table and names them as modules for the document title', () => {
    for (const module of MODULE_ROUTES.filter((m) => m.kind === 'session')) {
      expect((named(`${module.name}-welcome`)?.handle as { title?: string }).title).toBe(module.title);
      expect((named(`${module.name}-session`)?.handle as { title?: string }).title).toBe(module.sessionTitle);
      expect(moduleTitles[module.name]).toBe(module.title);
    }
    expect((named('report-session')?.handle as { title?: string }).title).toBe('会话-行业分析报告');
  });

  it("opens each module's pages from its family's module folder, lazily", () => {
    const served = MODULE_ROUTES.filter((m) => m.family);
    expect(served.map((m) => m.name)).toEqual(MODULE_NAMES.filter((name) => moduleEntry(name)?.family));
    for (const module of served) {
      const pages = webModules[module.family!];
      // A tool with a route tree of its own (addbg) loads its pages from that tree.
      if (toolRoutes[module.name]) continue;
      if (module.kind === 'embedded') {
        // One page at the module's own path: the tool in a frame.
        expect(named(module.name)?.lazy, module.name).toBe(pages.welcome);
        continue;
      }
      expect(named(`${module.name}-welcome`)?.lazy, module.name).toBe(pages.welcome);
      expect(named(`${module.name}-session`)?.lazy, module.name).toBe(pages.session);
    }
  });
});

import { describe, expect, it, vi } from 'vitest';
import { ErrorCode, type Token } from '@portal/contract';
import { createHttpClient } from '../../src/lib/http-client';
import { createRefreshLock, type LockManagerLike, type RefreshLock } from '../../src/lib/refresh-lock';
import { createFakeFetch, fail, ok, type FakeHandler } from '../../src/testing/fake-fetch';

/**
 * Tabs share the stored tokens (localStorage). Here two clients share one `stored` object, as two
 * tabs of one browser do, and a server that rotates refresh tokens strictly: a token presented
 * twice revokes the sign-in (1003).
 */

/**
 * A lock manager like navigator.locks: one holder of the refresh lock at a time, the rest queue;
 * other names (the spent-token marks) are taken if free and listed by `query`.
 */
function fakeLocks(): LockManagerLike {
  let tail: Promise<unknown> = Promise.resolve();
  const held = new Set<string>();
  return {
    request<T>(
      name: string,
      optionsOrCallback: { ifAvailable: true } | (() => Promise<T>),
      maybeCallback?: (lock: unknown) => Promise<T>,
    ): Promise<T> {
      if (typeof optionsOrCallback === 'function') {
        const run = tail.then(optionsOrCallback, optionsOrCallback);
        tail = run.catch(() => undefined);
        return run;
      }
      const free = !held.has(name);
      if (free) held.add(name);
      return maybeCallback!(free ? { name } : null).finally(() => free && held.delete(name));
    },
    query: async () => ({ held: [...held].map((name) => ({ name })) }),
  };
}

function strictServer() {
  let generation = 1;
  let revoked = false;
  const handler: FakeHandler = async (req) => {
    if (req.path === '/api/user/refreshToken') {
      const presented = (req.body as { refresh_token: string }).refresh_token;
      // The answer takes a while, so both tabs are in their refresh at the same moment.
      await new Promise((r) => setTimeout(r, 20));
      if (revoked || presented !== `refresh-${generation}`) {
        revoked = true;
        return fail(ErrorCode.refreshInvalid, '登录凭证无效，请重新登录', 401);
      }
      generation += 1;
      const token = (t: string): Token => ({ token: t, expire_at: 0 });
      return ok({ access_token: token(`access-${generation}`), refresh_token: token(`refresh-${generation}`) });
    }
    if (revoked) return fail(ErrorCode.refreshInvalid, '登录凭证无效，请重新登录', 401);
    if (req.headers.authorization !== `Bearer access-${generation}`)
      return fail(ErrorCode.tokenExpired, 'expired', 401);
    return ok({ fine: true });
  };
  return { handler, refreshes: () => generation - 1, revoked: () => revoked };
}

interface Stored {
  access: string | undefined;
  refresh: string | undefined;
}

/**
 * Tabs over one stored session. With `lagMs`, each tab reads its own copy, which sees another
 * tab's write only that much later (as Chromium's local storage does across tabs).
 */
function tabs(refreshLock: () => RefreshLock, lagMs?: number) {
  const server = strictServer();
  const fake = createFakeFetch(server.handler);
  const stored: Stored = { access: 'access-0', refresh: 'refresh-1' };
  const views: Stored[] = [];
  const warnings: string[] = [];
  const write = (own: Stored, next: Stored) => {
    Object.assign(stored, next);
    Object.assign(own, next);
    for (const view of views) if (view !== own) setTimeout(() => Object.assign(view, next), lagMs);
  };
  const tab = () => {
    const view: Stored = lagMs === undefined ? stored : { ...stored };
    views.push(view);
    return createHttpClient({
      baseUrl: () => '/',
      fetch: fake.fetch,
      refreshLock: refreshLock(),
      session: {
        accessToken: () => view.access,
        refreshToken: () => view.refresh,
        searchToken: () => undefined,
        setTokens: (a, r) => write(view, { access: a.token, refresh: r.token }),
        setAccountInfo() {},
        clear: () => write(view, { access: undefined, refresh: undefined }),
      },
      effects: {
        warning: (text, onClose) => {
          warnings.push(text);
          onClose();
        },
        toastError() {},
        navigate() {},
        reload() {},
        currentPath: () => '/home',
      },
      sleep: () => new Promise((r) => setTimeout(r, 0)),
    });
  };
  return { server, fake, stored, warnings, a: tab(), b: tab() };
}

describe('two tabs whose access token expired', () => {
  it('refresh once between them under a shared lock, and both stay signed in', async () => {
    const locks = fakeLocks();
    const { server, stored, warnings, a, b } = tabs(() => createRefreshLock(locks));
    const results = await Promise.all([a.get('/api/app/list'), b.get('/api/app/list')]);
    expect(results).toEqual([{ fine: true }, { fine: true }]);
    expect(server.refreshes()).toBe(1);
    expect(server.revoked()).toBe(false);
    expect(stored.refresh).toBe('refresh-2');
    expect(warnings).toEqual([]);
  });

  it("wait for the other tab's tokens when their storage has not seen them yet", async () => {
    const locks = fakeLocks();
    const { server, stored, warnings, a, b } = tabs(() => createRefreshLock(locks), 40);
    const results = await Promise.all([a.get('/api/app/list'), b.get('/api/app/list')]);
    expect(results).toEqual([{ fine: true }, { fine: true }]);
    expect(server.refreshes()).toBe(1);
    expect(server.revoked()).toBe(false);
    expect(stored.refresh).toBe('refresh-2');
    expect(warnings).toEqual([]);
  });

  it('without a lock manager they still work one at a time in one tab (graceful fallback)', async () => {
    const { server, a } = tabs(() => createRefreshLock(undefined));
    await expect(Promise.all([a.get('/api/x'), a.get('/api/y')])).resolves.toHaveLength(2);
    expect(server.refreshes()).toBe(1);
  });

  it('are signed out when the tabs do not coordinate (what the lock prevents)', async () => {
    const { server, warnings, a, b } = tabs(() => createRefreshLock(undefined));
    await Promise.allSettled([a.get('/api/app/list'), b.get('/api/app/list')]);
    expect(server.revoked()).toBe(true);
    expect(warnings.length).toBeGreaterThan(0);
  });
});

describe('repairAuth: the HTTP client repairs a code met in a stream', () => {
  it('1001 refreshes and answers true; 1003 ends the session and answers false', async () => {
    const locks = fakeLocks();
    const { server, stored, warnings, a } = tabs(() => createRefreshLock(locks));
    await expect(a.repairAuth(ErrorCode.tokenExpired)).resolves.toBe(true);
    expect(server.refreshes()).toBe(1);
    expect(stored.access).toBe('access-2');
    await expect(a.repairAuth(ErrorCode.refreshInvalid)).resolves.toBe(false);
    expect(warnings).toHaveLength(1);
    expect(stored.refresh).toBeUndefined();
  });

  it('4000 sends the page to the module home; unknown codes are left alone', async () => {
    const navigate = vi.fn();
    const fake = createFakeFetch(() => ok());
    const client = createHttpClient({
      baseUrl: () => '/',
      fetch: fake.fetch,
      refreshLock: createRefreshLock(undefined),
      session: {
        accessToken: () => 'a',
        refreshToken: () => 'r',
        searchToken: () => undefined,
        setTokens() {},
        setAccountInfo() {},
        clear() {},
      },
      effects: { warning() {}, toastError() {}, navigate, reload() {}, currentPath: () => '/chatgpt/session?id=1' },
    });
    await expect(client.repairAuth(ErrorCode.resourceGone)).resolves.toBe(false);
    expect(navigate).toHaveBeenCalledWith('/chatgpt');
    await expect(client.repairAuth(ErrorCode.internal)).resolves.toBe(false);
    expect(fake.requests).toHaveLength(0);
  });
});

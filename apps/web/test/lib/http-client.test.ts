import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ErrorCode,
  ErrorMessage,
  QUEUED_ERROR_POLL_MS,
  TOKEN_REFRESH_CAP,
  tokenKeyResponseSchema,
  type AccountInfo,
  type Token,
} from '@portal/contract';
import { createHttpClient, HttpError, NETWORK_ERROR_CODE, type ApiResult } from '../../src/lib/http-client';
import { setHttpClient } from '../../src/lib/api';
import { fetchBlob } from '../../src/lib/fetch-blob';
import { createFakeFetch, fail, ok, type FakeHandler } from '../../src/testing/fake-fetch';
import { accountInfo } from '../../src/testing/fixtures';

function tokens(n: number) {
  return {
    access_token: { token: `access-${n}`, expire_at: 0 },
    refresh_token: { token: `refresh-${n}`, expire_at: 0 },
  };
}

function setup(handler: FakeHandler, opts: { autoClose?: boolean; path?: string } = {}) {
  const fake = createFakeFetch(handler);
  const state = {
    access: 'access-1' as string | undefined,
    refresh: 'refresh-1' as string | undefined,
    account: accountInfo() as AccountInfo | null,
  };
  const sleeps: number[] = [];
  let clock = 0;
  const closers: (() => void)[] = [];
  const effects = {
    warning: vi.fn((_content: string, onClose: () => void) => {
      if (opts.autoClose === false) closers.push(onClose);
      else onClose();
    }),
    toastError: vi.fn(),
    notice: vi.fn(),
    rightsChanged: vi.fn(),
    navigate: vi.fn(),
    reload: vi.fn(),
    currentPath: () => opts.path ?? '/chatgpt/session?id=9#top',
  };
  const session = {
    accessToken: () => state.access,
    refreshToken: () => state.refresh,
    searchToken: () => 'search-token',
    setTokens: vi.fn((a: Token, r: Token, info?: AccountInfo) => {
      state.access = a.token;
      state.refresh = r.token;
      if (info) state.account = info;
    }),
    setAccountInfo: vi.fn((info: AccountInfo) => {
      state.account = info;
    }),
    clear: vi.fn(() => {
      state.access = undefined;
      state.refresh = undefined;
      state.account = null;
    }),
  };
  let ids = 0;
  const client = createHttpClient({
    baseUrl: () => '/',
    fetch: fake.fetch,
    session,
    effects,
    sleep: (ms) => {
      sleeps.push(ms);
      return new Promise((resolve) => setTimeout(resolve, 0));
    },
    now: () => clock,
    requestId: () => `req-${++ids}`,
  });
  return { client, fake, state, effects, session, sleeps, closers, advance: (ms: number) => (clock += ms) };
}

/** Answers 1001 to any request carrying a token other than the current one. */
function expiringServer(current: () => string, onRefresh: () => unknown): FakeHandler {
  return (req) => {
    if (req.path === '/api/user/refreshToken') return ok(onRefresh());
    if (req.headers.authorization !== `Bearer ${current()}`) return fail(ErrorCode.tokenExpired, 'expired', 401);
    return ok({ path: req.path });
  };
}

describe('requests', () => {
  it('sends the section 7 headers, GET params in the query and POST bodies as JSON', async () => {
    const { client, fake } = setup(() => ok({ fine: true }));
    await client.get('/api/chatgpt/conversation/list', { params: { model_type: 100, skip: undefined } });
    await client.post('/api/chatgpt/conversation/update', { title: '新标题', conv_id: 'c1', type: 2 });
    const [get, post] = fake.requests;
    expect(get?.method).toBe('GET');
    expect(get?.url.search).toBe('?model_type=100');
    expect(get?.headers.authorization).toBe('Bearer access-1');
    expect(get?.headers['x-search-token']).toBe('search-token');
    expect(get?.headers['x-request-id']).toBe('req-1');
    expect(post?.method).toBe('POST');
    expect(post?.headers['content-type']).toBe('application/json');
    expect(post?.headers['x-request-id']).toBe('req-2');
    expect(post?.body).toEqual({ title: '新标题', conv_id: 'c1', type: 2 });
  });

  it('prefixes the runtime apiDomain', async () => {
    const fake = createFakeFetch(() => ok());
    const client = createHttpClient({
      baseUrl: () => 'https://api.example.com/',
      fetch: fake.fetch,
      session: {
        accessToken: () => undefined,
        refreshToken: () => undefined,
        searchToken: () => undefined,
        setTokens() {},
        setAccountInfo() {},
        clear() {},
      },
      effects: { warning() {}, toastError() {}, navigate() {}, reload() {}, currentPath: () => '/' },
    });
    await client.get('/api/app/list');
    expect(fake.requests[0]?.url.href).toBe('https://api.example.com/api/app/list');
    expect(fake.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('returns data parsed by the given schema', async () => {
    const { client } = setup(() => ok({ token_key: 'k1', expires_in: 60, extra: 'x' }));
    const data = await client.get('/api/x', { schema: tokenKeyResponseSchema });
    expect(data).toEqual({ token_key: 'k1', expires_in: 60 });
  });

  it('treats a plain-string body as code 1099 with that string as message', async () => {
    const { client, effects } = setup(() => ({ status: 502, text: 'Bad Gateway from proxy' }));
    const error = await client.get('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).code).toBe(ErrorCode.plainString);
    expect((error as HttpError).message).toBe('Bad Gateway from proxy');
    expect(effects.toastError).toHaveBeenCalledWith('Bad Gateway from proxy');
  });

  it('only logs network errors', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { client, effects } = setup(() => new TypeError('Failed to fetch'));
    const error = (await client.get('/api/x').catch((e: unknown) => e)) as HttpError;
    expect(error.code).toBe(NETWORK_ERROR_CODE);
    expect(logged).toHaveBeenCalled();
    expect(effects.toastError).not.toHaveBeenCalled();
    expect(effects.warning).not.toHaveBeenCalled();
    logged.mockRestore();
  });

  it('reports every exchange to onResult listeners', async () => {
    const { client, advance } = setup((req) => {
      advance(42);
      return req.path === '/api/bad' ? fail(4001, '参数不合法', 400) : ok();
    });
    const results: ApiResult[] = [];
    const stop = client.onResult((r) => results.push(r));
    await client.get('/api/good');
    await client.get('/api/bad').catch(() => undefined);
    stop();
    await client.get('/api/good');
    expect(results).toEqual([
      { path: '/api/good', durationMs: 42, httpStatus: 200, code: 0, message: 'ok', requestId: 'req-1' },
      { path: '/api/bad', durationMs: 42, httpStatus: 400, code: 4001, message: '参数不合法', requestId: 'req-2' },
    ]);
  });
});

describe('error toasts', () => {
  it('shows the server message once for identical errors within the debounce window', async () => {
    const { client, effects, advance } = setup((req) =>
      fail(5000, req.path === '/api/other' ? '别的错误' : '服务器内部错误', 500),
    );
    await Promise.all(
      [client.get('/api/a'), client.get('/api/b'), client.get('/api/c')].map((p) => p.catch(() => undefined)),
    );
    expect(effects.toastError).toHaveBeenCalledTimes(1);
    await client.get('/api/other').catch(() => undefined);
    expect(effects.toastError).toHaveBeenCalledTimes(2);
    advance(500);
    await client.get('/api/a').catch(() => undefined);
    expect(effects.toastError).toHaveBeenCalledTimes(3);
    await client.get('/api/a').catch(() => undefined);
    expect(effects.toastError).toHaveBeenCalledTimes(3);
    advance(1500);
    await client.get('/api/a').catch(() => undefined);
    expect(effects.toastError).toHaveBeenCalledTimes(4);
    expect(effects.toastError).toHaveBeenLastCalledWith('服务器内部错误');
  });

  it('stays silent when the caller handles failures itself', async () => {
    const { client, effects } = setup(() => fail(4001, '参数不合法'));
    await expect(client.get('/api/x', { silent: true })).rejects.toMatchObject({ code: 4001, message: '参数不合法' });
    expect(effects.toastError).not.toHaveBeenCalled();
  });
});

describe('1001: refresh and retry', () => {
  it('refreshes exactly once for many concurrent 1001s and retries all of them', async () => {
    let current = 'access-0';
    const { client, fake, state, session, sleeps } = setup(
      expiringServer(
        () => current,
        () => {
          current = 'access-2';
          return tokens(2);
        },
      ),
    );
    const paths = ['/api/a', '/api/b', '/api/c', '/api/d', '/api/e'];
    const results = await Promise.all(paths.map((p) => client.get<{ path: string }>(p)));
    expect(results.map((r) => r.path)).toEqual(paths);
    const refreshes = fake.calls('/api/user/refreshToken');
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]?.body).toEqual({ refresh_token: 'refresh-1', is_update_cache: false });
    expect(session.setTokens).toHaveBeenCalledTimes(1);
    expect(state.access).toBe('access-2');
    expect(state.refresh).toBe('refresh-2');
    for (const p of paths) expect(fake.calls(p).at(-1)?.headers.authorization).toBe('Bearer access-2');
    expect(sleeps.every((ms) => ms === QUEUED_ERROR_POLL_MS)).toBe(true);
  });

  it('retries without refreshing when another request already renewed the token', async () => {
    let calls = 0;
    const { client, fake, state } = setup((req) => {
      if (req.path === '/api/user/refreshToken') return ok(tokens(3));
      calls += 1;
      if (calls === 1) {
        state.access = 'access-2';
        state.refresh = 'refresh-2';
        return fail(ErrorCode.tokenExpired, 'expired', 401);
      }
      return ok('done');
    });
    expect(await client.get('/api/slow')).toBe('done');
    expect(fake.calls('/api/user/refreshToken')).toHaveLength(0);
    expect(fake.calls('/api/slow').map((r) => r.headers.authorization)).toEqual(['Bearer access-1', 'Bearer access-2']);
  });

  it(`gives up after ${TOKEN_REFRESH_CAP} refreshes and ends the session as 1003`, async () => {
    const { client, fake, effects, session } = setup((req) => {
      if (req.path === '/api/user/refreshToken') {
        const n = fake.calls('/api/user/refreshToken').length + 1;
        return ok(tokens(n));
      }
      return fail(ErrorCode.tokenExpired, 'expired', 401);
    });
    const error = (await client.get('/api/loop').catch((e: unknown) => e)) as HttpError;
    expect(fake.calls('/api/user/refreshToken')).toHaveLength(TOKEN_REFRESH_CAP);
    expect(error.code).toBe(ErrorCode.refreshInvalid);
    expect(effects.warning).toHaveBeenCalledTimes(1);
    expect(effects.warning).toHaveBeenCalledWith(ErrorMessage.sessionExpired, expect.any(Function));
    expect(session.clear).toHaveBeenCalledTimes(1);
  });

  it('ends the session when the refresh itself is refused', async () => {
    const { client, effects, session } = setup((req) =>
      req.path === '/api/user/refreshToken'
        ? fail(ErrorCode.refreshInvalid, 'reused', 401)
        : fail(ErrorCode.tokenExpired, 'expired', 401),
    );
    await expect(client.get('/api/x')).rejects.toMatchObject({ code: ErrorCode.refreshInvalid });
    expect(effects.warning).toHaveBeenCalledTimes(1);
    expect(session.clear).toHaveBeenCalled();
    expect(effects.navigate).toHaveBeenCalledWith(`/login?from=${encodeURIComponent('/chatgpt/session?id=9#top')}`);
  });
});

describe('1002 / 1003: session over', () => {
  it.each([ErrorCode.notSignedIn, ErrorCode.refreshInvalid])(
    'code %i shows one warning, clears storage on close and goes to /login?from=',
    async (code) => {
      const { client, effects, session, closers } = setup(() => fail(code, 'nope', 401), { autoClose: false });
      const pending = ['/api/a', '/api/b', '/api/c'].map((p) => client.get(p).catch((e: unknown) => e));
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect(effects.warning).toHaveBeenCalledTimes(1);
      expect(effects.warning).toHaveBeenCalledWith('登录已失效，请重新登录', expect.any(Function));
      expect(session.clear).not.toHaveBeenCalled();
      closers[0]?.();
      const errors = (await Promise.all(pending)) as HttpError[];
      expect(errors.map((e) => e.code)).toEqual([code, code, code]);
      expect(session.clear).toHaveBeenCalledTimes(1);
      expect(effects.navigate).toHaveBeenCalledTimes(1);
      expect(effects.navigate).toHaveBeenCalledWith('/login?from=%2Fchatgpt%2Fsession%3Fid%3D9%23top');
      expect(effects.toastError).not.toHaveBeenCalled();
    },
  );

  it('does not warn again for stragglers after the session ended', async () => {
    const { client, effects } = setup(() => fail(ErrorCode.notSignedIn, 'nope', 401));
    await client.get('/api/a').catch(() => undefined);
    await client.get('/api/b').catch(() => undefined);
    expect(effects.warning).toHaveBeenCalledTimes(1);
  });

  it('warns again for a new session after signing in again', async () => {
    const { client, effects, state } = setup(() => fail(ErrorCode.notSignedIn, 'nope', 401));
    await client.get('/api/a').catch(() => undefined);
    state.access = 'access-9';
    state.refresh = 'refresh-9';
    await client.get('/api/b').catch(() => undefined);
    expect(effects.warning).toHaveBeenCalledTimes(2);
  });
});

describe('1004: permissions changed', () => {
  it('refreshes with is_update_cache, re-syncs user info, warns and reloads on close', async () => {
    const updated = accountInfo({ user_name: '李四' });
    let current = 'access-0';
    const { client, fake, effects, session, closers } = setup(
      (req) => {
        if (req.path === '/api/user/refreshToken') {
          current = 'access-2';
          return ok(tokens(2));
        }
        if (req.path === '/api/user/info') return ok({ account_info: updated });
        return req.headers.authorization === `Bearer ${current}`
          ? ok('fresh')
          : fail(ErrorCode.permissionsChanged, 'changed', 401);
      },
      { autoClose: false },
    );
    const results = await Promise.all([client.get('/api/a'), client.get('/api/b')]);
    expect(results).toEqual(['fresh', 'fresh']);
    const refreshes = fake.calls('/api/user/refreshToken');
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]?.body).toEqual({ refresh_token: 'refresh-1', is_update_cache: true });
    expect(fake.calls('/api/user/info')).toHaveLength(1);
    expect(fake.calls('/api/user/info')[0]?.headers.authorization).toBe('Bearer access-2');
    expect(session.setAccountInfo).toHaveBeenCalledWith(updated);
    expect(effects.warning).toHaveBeenCalledTimes(1);
    expect(effects.warning).toHaveBeenCalledWith('用户权限更新，即将刷新页面', expect.any(Function));
    expect(effects.reload).not.toHaveBeenCalled();
    closers[0]?.();
    expect(effects.reload).toHaveBeenCalledTimes(1);
  });
});

describe('1004 taken in quietly, and revocation while in use', () => {
  it('quietRightsChange renews tokens and account without the warning or a reload', async () => {
    const updated = accountInfo({ user_name: '李四' });
    let current = 'access-0';
    const { client, fake, effects, session } = setup((req) => {
      if (req.path === '/api/user/refreshToken') {
        current = 'access-2';
        return ok(tokens(2));
      }
      if (req.path === '/api/user/info') return ok({ account_info: updated });
      return req.headers.authorization === `Bearer ${current}`
        ? ok('fresh')
        : fail(ErrorCode.permissionsChanged, 'changed', 401);
    });
    await expect(client.get('/api/app/access-requests', { quietRightsChange: true })).resolves.toBe('fresh');
    expect(fake.calls('/api/user/refreshToken')).toHaveLength(1);
    expect(session.setAccountInfo).toHaveBeenCalledWith(updated);
    expect(effects.warning).not.toHaveBeenCalled();
    expect(effects.reload).not.toHaveBeenCalled();
    // The page is checked again with the new rights instead.
    expect(effects.rightsChanged).toHaveBeenCalledTimes(1);
  });

  it('a right taken away shows the 1004 warning only, not also the 403 toast', async () => {
    let current = 'access-0';
    const { client, effects } = setup(
      (req) => {
        if (req.path === '/api/user/refreshToken') {
          current = 'access-2';
          return ok(tokens(2));
        }
        if (req.path === '/api/user/info') return ok({ account_info: accountInfo() });
        return req.headers.authorization === `Bearer ${current}`
          ? fail(ErrorCode.forbidden, ErrorMessage.forbiddenApp, 403)
          : fail(ErrorCode.permissionsChanged, 'changed', 401);
      },
      { autoClose: false },
    );
    const errors = await Promise.all(
      [client.get('/api/chatgpt/a'), client.get('/api/chatgpt/b')].map((p) => p.catch((e: unknown) => e)),
    );
    expect(errors.every((e) => e instanceof HttpError && e.code === ErrorCode.forbidden)).toBe(true);
    expect(effects.warning).toHaveBeenCalledTimes(1);
    expect(effects.toastError).not.toHaveBeenCalled();
  });
});

describe('4000: resource gone', () => {
  it("goes to the current module's home route once", async () => {
    const { client, effects } = setup(() => fail(ErrorCode.resourceGone, '该内容不存在或已被删除', 404), {
      path: '/report/session?id=3',
    });
    const errors = await Promise.all(
      [client.get('/api/a'), client.get('/api/b')].map((p) => p.catch((e: unknown) => e)),
    );
    expect(errors.every((e) => e instanceof HttpError && e.code === 4000)).toBe(true);
    expect(effects.navigate).toHaveBeenCalledTimes(1);
    expect(effects.navigate).toHaveBeenCalledWith('/report');
    expect(effects.toastError).not.toHaveBeenCalled();
    // The module's welcome page says why, once.
    expect(effects.notice).toHaveBeenCalledTimes(1);
    expect(effects.notice).toHaveBeenCalledWith('会话不存在或已删除');
  });
});

describe('queueing of simultaneous errors', () => {
  it('lets requests with the same code wait (polling every 500 ms) while one handles it, then retries them', async () => {
    let current = 'access-1';
    let release: () => void = () => undefined;
    const refreshGate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { client, fake, sleeps } = setup(async (req) => {
      if (req.path === '/api/user/refreshToken') {
        await refreshGate;
        current = 'access-2';
        return ok(tokens(2));
      }
      return req.headers.authorization === `Bearer ${current}` && current === 'access-2'
        ? ok(req.path)
        : fail(ErrorCode.tokenExpired, 'expired', 401);
    });
    const all = Promise.all(['/api/a', '/api/b', '/api/c'].map((p) => client.get(p)));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fake.calls('/api/user/refreshToken')).toHaveLength(1);
    expect(sleeps.length).toBeGreaterThan(0);
    expect(new Set(sleeps)).toEqual(new Set([QUEUED_ERROR_POLL_MS]));
    expect(fake.calls('/api/b')).toHaveLength(1);
    release();
    expect(await all).toEqual(['/api/a', '/api/b', '/api/c']);
    expect(fake.calls('/api/user/refreshToken')).toHaveLength(1);
    expect(fake.calls('/api/b')).toHaveLength(2);
  });
});

describe('downloads (fetchBlob): the same refresh and retry as every other call', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** A download route that answers bytes to the current token and 1001 to any other. */
  function downloadServer(state: { access?: string }) {
    return setup((req) => {
      if (req.path === '/api/user/refreshToken') return ok(tokens(2));
      if (req.headers.authorization !== `Bearer ${state.access}`) return fail(ErrorCode.tokenExpired, 'expired', 401);
      return { text: '%PDF-1.7 bytes' };
    });
  }

  it('refreshes an expired token and fetches the bytes again', async () => {
    const shared: { access?: string } = { access: 'access-2' };
    const { client, fake } = downloadServer(shared);
    setHttpClient(client);
    vi.stubGlobal('fetch', fake.fetch);
    const blob = await fetchBlob('/api/report/export', { params: { message_id: 'm1', format: 'md' } });
    expect(await blob.text()).toBe('%PDF-1.7 bytes');
    expect(fake.calls('/api/user/refreshToken')).toHaveLength(1);
    const exports = fake.calls('/api/report/export');
    expect(exports.map((r) => r.headers.authorization)).toEqual(['Bearer access-1', 'Bearer access-2']);
    expect(exports[1]?.url.searchParams.get('message_id')).toBe('m1');
  });

  it('throws the server’s message for any other refusal, without retrying', async () => {
    const { client, fake } = setup(() => fail(ErrorCode.notFound, '文件不存在', 404));
    setHttpClient(client);
    vi.stubGlobal('fetch', fake.fetch);
    await expect(fetchBlob('/api/report/export')).rejects.toMatchObject({
      code: ErrorCode.notFound,
      message: '文件不存在',
    });
    expect(fake.calls('/api/report/export')).toHaveLength(1);
  });
});

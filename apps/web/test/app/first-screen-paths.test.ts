import { describe, expect, it } from 'vitest';
import { CHAT_MODULES, ErrorCode, type Endpoint } from '@portal/contract';
import { chatConversationEndpoints } from '@portal/contract/endpoints/chat';
import { appEndpoints, portalEndpoints, userEndpoints } from '@portal/contract/endpoints/portal';
import { getAuthorizeUrl } from '../../src/features/auth/api/authorize';
import { getSignInProviders } from '../../src/features/auth/api/get-sign-in-providers';
import { getUserInfo } from '../../src/features/auth/api/get-user-info';
import { login } from '../../src/features/auth/api/login';
import { logout } from '../../src/features/auth/api/logout';
import { getAppDetail } from '../../src/features/catalogue/api/get-app-detail';
import { getAppList } from '../../src/features/catalogue/api/get-app-list';
import { getTokenKey } from '../../src/features/catalogue/api/get-token-key';
import { chatApiPathOf, chatFirstScreenPaths } from '../../src/features/chat/api/first-screen-paths';
import { signInAddress } from '../../src/login-entry/authorize-url';
import { setHttpClient } from '../../src/lib/api';
import { createHttpClient } from '../../src/lib/http-client';
import { createFakeFetch, fail, ok, type FakeReply, type RecordedRequest } from '../../src/testing/fake-fetch';
import { installTestClient } from '../../src/testing/install-test-client';
import { accountInfo, appEntry } from '../../src/testing/fixtures';

/*
 * The first screen's calls keep their hand-written paths and checks: the descriptors hold zod
 * schemas, which would grow its chunk. Each is checked here against its descriptor instead.
 */

const token = { token: 't', expire_at: 1 };
const key = (declared: Pick<Endpoint, 'method' | 'path'>) => `${declared.method} ${declared.path}`;
const sent = (request: RecordedRequest) => `${request.method} ${request.path}`;

function serve(replies: Record<string, FakeReply>) {
  const fake = createFakeFetch((request) => replies[sent(request)] ?? fail(4004, 'no such call', 404));
  installTestClient(fake.fetch, '/home');
  return fake;
}

describe('the first screen calls the paths its descriptors declare', () => {
  it('signs in, reads the account and signs out on the user endpoints', async () => {
    const fake = serve({
      [key(userEndpoints.providers)]: ok({ oidc: true, list: [] }),
      [key(userEndpoints.authorize)]: ok({ url: 'https://sso.test/auth' }),
      [key(userEndpoints.login)]: ok({
        access_token: token,
        refresh_token: token,
        account_info: accountInfo(),
        redirect: '/home',
      }),
      [key(userEndpoints.info)]: ok({ account_info: accountInfo() }),
      [key(userEndpoints.logout)]: ok(null),
    });
    await getSignInProviders();
    await getAuthorizeUrl('/home');
    await login({ code: 'pinned-code', state: 's' });
    await getUserInfo();
    await logout('r');
    expect(fake.requests.map(sent)).toEqual(
      [
        userEndpoints.providers,
        userEndpoints.authorize,
        userEndpoints.login,
        userEndpoints.info,
        userEndpoints.logout,
      ].map(key),
    );
  });

  it('reads the catalogue, an app and a one-time code on their endpoints', async () => {
    const fake = serve({
      [key(appEndpoints.list)]: ok({ list: [appEntry()] }),
      [key(appEndpoints.detail)]: ok(appEntry()),
      [key(portalEndpoints.tokenKey)]: ok({ token_key: 'k', expires_in: 60 }),
    });
    await getAppList();
    await getAppDetail('chatgpt');
    await getTokenKey('chatgpt');
    expect(fake.requests.map(sent)).toEqual(
      [appEndpoints.list, appEndpoints.detail, portalEndpoints.tokenKey].map(key),
    );
  });

  it('refreshes the tokens and re-reads the account on the user endpoints', async () => {
    let first = true;
    const fake = createFakeFetch((request) => {
      if (sent(request) === key(userEndpoints.refresh)) return ok({ access_token: token, refresh_token: token });
      if (sent(request) === key(userEndpoints.info)) return ok({ account_info: accountInfo() });
      if (!first) return ok({ list: [] });
      first = false;
      return fail(ErrorCode.permissionsChanged, 'rights changed', 403);
    });
    setHttpClient(
      createHttpClient({
        baseUrl: () => '/',
        fetch: fake.fetch,
        session: {
          accessToken: () => 'a',
          refreshToken: () => 'r',
          searchToken: () => undefined,
          setTokens() {},
          setAccountInfo() {},
          clear() {},
        },
        effects: { warning() {}, toastError() {}, navigate() {}, reload() {}, currentPath: () => '/home' },
      }),
    );
    await getAppList();
    expect(fake.requests.map(sent)).toContain(key(userEndpoints.refresh));
    expect(fake.requests.map(sent)).toContain(key(userEndpoints.info));
  });

  it('asks the sign-on address on the authorize endpoint from the small sign-in page', async () => {
    const asked: string[] = [];
    const fetchImpl = (async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'https://portal.test/login');
      asked.push(url.pathname);
      const data = url.pathname === '/app-config.json' ? {} : { code: 0, message: 'ok', data: { url: 'https://sso' } };
      return new Response(JSON.stringify(data), { status: 200 });
    }) as typeof fetch;
    await signInAddress('/home', false, { fetch: fetchImpl, pageUrl: 'https://portal.test/login', base: '/' });
    expect(asked).toContain(userEndpoints.authorize.path);
  });

  it.each(CHAT_MODULES)('the %s welcome screen asks its conversations, models and usage there', (module) => {
    const declared = chatConversationEndpoints(module);
    expect(chatFirstScreenPaths(chatApiPathOf(module))).toEqual({
      conversations: declared.conversationList.path,
      models: declared.models.path,
      usage: declared.promptQueue.path,
    });
    expect([declared.conversationList, declared.models, declared.promptQueue].map((d) => d.method)).toEqual([
      'GET',
      'GET',
      'GET',
    ]);
  });
});

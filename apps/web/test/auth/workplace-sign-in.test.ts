import { describe, expect, it } from 'vitest';
import { detectWorkplaceClient } from '../../src/features/auth/utils/workplace-client';
import { startSignIn } from '../../src/features/auth/utils/start-sign-in';
import { createFakeFetch, fail, ok } from '../../src/testing/fake-fetch';
import { installTestClient } from '../../src/testing/install-test-client';

/** User agents as the clients send them (trimmed to the parts that matter). */
const UA = {
  wecomPhone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 wxwork/4.1.20 MicroMessenger/7.0.1 Language/zh',
  wecomDesktop:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/81.0.4044.138 Safari/537.36 wxwork/4.1.22 (MicroMessenger/6.2) WindowsWechat',
  wechat:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.44(0x18002c2f) NetType/WIFI Language/zh_CN',
  feishu:
    'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0 Mobile Safari/537.36 Lark/7.8.6 LarkLocale/zh_CN ChannelName/Feishu Feishu/7.8.6',
  lark: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Lark/7.9.5 Chrome/120.0 Safari/537.36',
  dingtalk:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 AliApp(DingTalk/7.5.10) com.laiwang.DingTalk/31415926 Channel/201200 language/zh-Hans-CN',
  chrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
};

describe('detectWorkplaceClient', () => {
  it.each([
    ['wecomPhone', 'wecom'],
    ['wecomDesktop', 'wecom'],
    ['feishu', 'feishu'],
    ['lark', 'feishu'],
    ['dingtalk', 'dingtalk'],
    ['wechat', undefined],
    ['chrome', undefined],
  ] as const)('%s → %s', (ua, expected) => {
    expect(detectWorkplaceClient(UA[ua])).toBe(expected);
  });
});

const providers = {
  oidc: true,
  list: [
    { name: 'wecom', label: '企业微信', qr: true },
    { name: 'dingtalk', label: '钉钉', qr: true },
  ],
};

function backend(list = providers) {
  return createFakeFetch((req) => {
    if (req.path === '/api/user/providers') return ok(list);
    if (req.path === '/api/user/authorize') {
      const p = req.url.searchParams;
      return ok({
        url: `https://idp.test/${p.get('provider') ?? 'oidc'}/${p.get('mode') ?? ''}?from=${p.get('from')}`,
      });
    }
    return fail(4004, 'not found', 404);
  });
}

describe('startSignIn', () => {
  it('goes straight to the in-client authorize URL inside WeCom (no click)', async () => {
    const fake = backend();
    installTestClient(fake.fetch, '/login');
    expect(await startSignIn('/deepseek', false, UA.wecomPhone)).toEqual({
      kind: 'redirect',
      url: 'https://idp.test/wecom/client?from=/deepseek',
    });
  });

  it('does the same inside DingTalk', async () => {
    installTestClient(backend().fetch, '/login');
    expect(await startSignIn('', false, UA.dingtalk)).toMatchObject({ url: 'https://idp.test/dingtalk/client?from=' });
  });

  it('offers the configured providers in a desktop browser', async () => {
    installTestClient(backend().fetch, '/login');
    expect(await startSignIn('', false, UA.chrome)).toEqual({ kind: 'choose', providers: providers.list, oidc: true });
  });

  it('says when the company account is off (only workplace providers on the server)', async () => {
    installTestClient(backend({ ...providers, oidc: false }).fetch, '/login');
    expect(await startSignIn('', false, UA.chrome)).toEqual({ kind: 'choose', providers: providers.list, oidc: false });
  });

  it('inside a client whose provider is not configured, offers the choice instead', async () => {
    installTestClient(backend().fetch, '/login');
    expect(await startSignIn('', false, UA.feishu)).toMatchObject({ kind: 'choose' });
  });

  it('keeps the OIDC redirect when no workplace provider is configured or the list fails', async () => {
    installTestClient(backend({ oidc: true, list: [] }).fetch, '/login');
    expect(await startSignIn('/home', true, UA.chrome)).toEqual({
      kind: 'redirect',
      url: 'https://idp.test/oidc/?from=/home',
    });
    const broken = createFakeFetch((req) =>
      req.path === '/api/user/authorize' ? ok({ url: 'https://idp.test/oidc' }) : fail(5000, 'x', 500),
    );
    installTestClient(broken.fetch, '/login');
    expect(await startSignIn('', false, UA.wecomPhone)).toEqual({ kind: 'redirect', url: 'https://idp.test/oidc' });
  });
});

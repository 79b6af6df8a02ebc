import { describe, expect, it } from 'vitest';
import { detectChannel } from '../src/channel';

const media = (matching: string[]) => (query: string) => ({ matches: matching.includes(query) });
const narrow = '(max-width: 768px)';
const coarse = '(pointer: coarse)';

const ua = {
  wecomIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 wxwork/4.1.22 MicroMessenger/7.0.1 Language/zh',
  feishuAndroid:
    'Mozilla/5.0 (Linux; Android 14; PJZ110 Build/UKQ1.230924.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.193 Mobile Safari/537.36 Lark/7.20.5 LarkLocale/zh_CN',
  dingtalkHarmony:
    'Mozilla/5.0 (Phone; OpenHarmony 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0.0.0 Safari/537.36 ArkWeb/4.1.6.1 AliApp(DingTalk/7.6.35)',
  wecomDesktop:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/122.0.0.0 Safari/537.36 wxwork/4.1.20 (MicroMessenger/6.2) WindowsWechat',
  chromeDesktop:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  ipadDesktopMode:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
};

describe('channel', () => {
  it('reports h5 in the workplace apps on phones', () => {
    expect(detectChannel({ userAgent: ua.wecomIphone })).toBe('h5');
    expect(detectChannel({ userAgent: ua.feishuAndroid })).toBe('h5');
    expect(detectChannel({ userAgent: ua.dingtalkHarmony })).toBe('h5');
  });

  it('reports web on desktops, also inside the workplace apps there', () => {
    expect(detectChannel({ userAgent: ua.wecomDesktop, matchMedia: media([]) })).toBe('web');
    expect(detectChannel({ userAgent: ua.chromeDesktop, matchMedia: media([]) })).toBe('web');
    // A narrow desktop window with a mouse is not a phone.
    expect(detectChannel({ userAgent: ua.chromeDesktop, matchMedia: media([narrow]) })).toBe('web');
  });

  it('counts a narrow touch-only screen with a desktop user agent as a phone', () => {
    expect(detectChannel({ userAgent: ua.ipadDesktopMode, matchMedia: media([narrow, coarse]) })).toBe('h5');
    expect(detectChannel({ userAgent: ua.ipadDesktopMode, matchMedia: media([coarse]) })).toBe('web');
  });
});

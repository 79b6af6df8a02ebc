import type { AnalyticsChannel } from '@portal/contract';

/** Phone and tablet browsers, including the in-app browsers of WeCom, Feishu and DingTalk on phones. */
const MOBILE_UA = /Mobi|Android|iPhone|iPad|iPod|HarmonyOS|OpenHarmony/i;
const PHONE_WIDTH = '(max-width: 768px)';
const COARSE_POINTER = '(pointer: coarse)';

export interface ChannelEnvironment {
  userAgent: string;
  /** `window.matchMedia`, when there is one. */
  matchMedia?: (query: string) => { matches: boolean };
}

/**
 * `h5` on phones, `web` elsewhere. The user agent decides first; WeCom, Feishu and DingTalk also
 * run on desktops with the same app tokens in it (wxwork, Lark, DingTalk), so those tokens alone
 * do not make a phone. A narrow screen with a touch-only pointer counts as a phone too (iPadOS
 * and some in-app browsers report a desktop user agent).
 */
export function detectChannel(env: ChannelEnvironment): AnalyticsChannel {
  if (MOBILE_UA.test(env.userAgent)) return 'h5';
  const media = env.matchMedia;
  if (media && media(PHONE_WIDTH).matches && media(COARSE_POINTER).matches) return 'h5';
  return 'web';
}

/** {@link detectChannel} for the current browser; `web` outside one. */
export function browserChannel(): AnalyticsChannel {
  if (typeof navigator === 'undefined') return 'web';
  return detectChannel({
    userAgent: navigator.userAgent,
    matchMedia:
      typeof window !== 'undefined' && typeof window.matchMedia === 'function'
        ? (q) => window.matchMedia(q)
        : undefined,
  });
}

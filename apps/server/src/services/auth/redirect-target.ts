export const DEFAULT_REDIRECT = '/home';

/**
 * Where to send the user after sign-in. Only a same-site path (one leading slash, no backslash, no
 * control characters) or an absolute URL on the origin of a registered http(s) app passes;
 * everything else falls back to /home, so the login page cannot be used as an open redirect.
 */
export function safeRedirect(from: string | undefined | null, appUrls: readonly string[]): string {
  if (!from) return DEFAULT_REDIRECT;
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(from)) return DEFAULT_REDIRECT;
  if (from.startsWith('/')) return from.startsWith('//') ? DEFAULT_REDIRECT : from;
  const origin = originOf(from);
  if (!origin) return DEFAULT_REDIRECT;
  const allowed = new Set(appUrls.map(originOf).filter((o): o is string => o !== null));
  return allowed.has(origin) ? from : DEFAULT_REDIRECT;
}

function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

import { securityHeaders } from '../plugins/security-headers';
import { PAGE_STYLE_SOURCE } from './page-shell';

/**
 * The portal's security headers with a policy for the built-in provider's pages: nothing loads
 * but their own hashed stylesheet, no script at all, no <base>, never framed; forms post to the
 * provider itself and its redirects end at the portal's sign-in callback (`callbackOrigin`).
 */
export function oidcSecurityHeaders(callbackOrigin: string): Record<string, string> {
  const policy = {
    'default-src': ["'none'"],
    // The provider's self-submitting forms (sign-out without a session) carry one inline script,
    // whose hash the provider appends here; see `allowProviderScripts`.
    'script-src': ["'none'"],
    'style-src': [PAGE_STYLE_SOURCE],
    'img-src': ["'self'"],
    'form-action': ["'self'", callbackOrigin],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
  };
  return {
    ...securityHeaders(),
    'content-security-policy': Object.entries(policy)
      .map(([name, sources]) => `${name} ${sources.join(' ')}`)
      .join(';'),
    'cross-origin-opener-policy': 'same-origin',
    'x-frame-options': 'DENY',
  };
}

/**
 * The provider appends the hash of its inline script to `script-src` when a page has one; `'none'`
 * beside a hash would be ignored with a console warning, so it is dropped from such a policy.
 */
export function allowProviderScripts(policy: string): string {
  return policy.replace(/(^|;)\s*script-src 'none' (?='sha256-)/, '$1script-src ');
}

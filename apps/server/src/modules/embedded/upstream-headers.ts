import type { IncomingHttpHeaders } from 'node:http';

/** The header naming the portal user to the tool; the tool has no login of its own. */
export const PORTAL_USER_HEADER = 'x-portal-user';
/** ComfyUI's `--multi-user` settings key; set by the portal so it cannot be spoofed. */
export const COMFY_USER_HEADER = 'comfy-user';

/** Headers that carry the portal's credentials or let a client pose as someone else upstream. */
const STRIPPED = new Set([
  'cookie',
  'authorization',
  'proxy-authorization',
  'x-request-id',
  'x-search-token',
  PORTAL_USER_HEADER,
  COMFY_USER_HEADER,
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-real-ip',
  'origin',
  'referer',
]);

/** The request headers the tool sees: the browser's, minus the portal's tokens and cookies, plus who it is. */
export function upstreamHeaders(
  headers: IncomingHttpHeaders,
  userId: number,
  /** Lower-case names also left out (the fast proxy's hop-by-hop headers). */
  alsoLeftOut?: ReadonlySet<string>,
): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (value === undefined || STRIPPED.has(lower) || alsoLeftOut?.has(lower)) continue;
    out[name] = value;
  }
  out[PORTAL_USER_HEADER] = String(userId);
  out[COMFY_USER_HEADER] = `portal-${userId}`;
  return out;
}

const TOOL_PAGE_POLICY =
  "default-src 'self' 'unsafe-inline' 'unsafe-eval' data: blob:; connect-src 'self' ws: wss: data: blob:; img-src 'self' data: blob:; object-src 'none'; base-uri 'self'; form-action 'self'";

/**
 * Response headers that keep the tool inside the portal: only the portal's pages may frame it, the
 * browser must not guess content types, and the tool cannot set cookies on the portal's origin.
 * On the portal's origin that is `frame-ancestors 'self'` plus `X-Frame-Options: SAMEORIGIN`; on
 * the tool's own origin (`portalOrigin` given) the portal is another origin, which only CSP can
 * name, so X-Frame-Options is left out (it would forbid the portal's frame).
 */
export function toolFrameHeaders(portalOrigin?: string): Readonly<Record<string, string>> {
  return {
    ...(portalOrigin === undefined && { 'x-frame-options': 'SAMEORIGIN' }),
    'content-security-policy': `frame-ancestors ${portalOrigin ?? "'self'"}; ${TOOL_PAGE_POLICY}`,
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'same-origin',
  };
}

/** Upstream response headers the portal replaces or drops. */
export const DROPPED_RESPONSE: ReadonlySet<string> = new Set([
  'set-cookie',
  'x-frame-options',
  'content-security-policy',
  'content-security-policy-report-only',
  'access-control-allow-origin',
  'access-control-allow-credentials',
  'strict-transport-security',
]);

export function toolResponseHeaders(
  headers: Record<string, unknown>,
  frameHeaders: Readonly<Record<string, string>>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!DROPPED_RESPONSE.has(name.toLowerCase())) out[name] = value;
  }
  return Object.assign(out, frameHeaders);
}

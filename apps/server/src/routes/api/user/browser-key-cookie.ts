import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The browser half of the sign-in binding (see LoginStateService): an HttpOnly, SameSite=Lax
 * cookie, so scripts cannot read it and other sites cannot send it on a POST.
 *
 * Over https it is `__Host-portal_signin` (Secure, Path=/, no Domain): browsers refuse such a
 * cookie from a sibling subdomain, so a page on another host of the company domain cannot plant
 * its own key (cookie tossing) and bind the victim's browser to the attacker's sign-in. Browsers
 * only accept `__Host-` with Secure, which plain http cannot set, so a http://localhost portal
 * keeps `portal_signin` scoped to /api/user.
 */
export const BROWSER_KEY_COOKIE = 'portal_signin';
export const SECURE_BROWSER_KEY_COOKIE = `__Host-${BROWSER_KEY_COOKIE}`;
const MAX_AGE_SECONDS = 10 * 60;

function cookieName(secure: boolean): string {
  return secure ? SECURE_BROWSER_KEY_COOKIE : BROWSER_KEY_COOKIE;
}

/** Only the name this portal sets counts: over https an unprefixed (tossable) cookie is ignored. */
export function readBrowserKey(request: FastifyRequest, secure: boolean): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  const name = cookieName(secure);
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export function setBrowserKey(reply: FastifyReply, key: string, secure: boolean): void {
  const attributes = secure ? 'Path=/' : 'Path=/api/user';
  reply.header(
    'set-cookie',
    `${cookieName(secure)}=${key}; ${attributes}; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
  );
}

import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The browser half of the sign-in binding (see LoginStateService): an HttpOnly, SameSite=Lax
 * cookie scoped to /api/user, so scripts cannot read it and other sites cannot send it on a POST.
 */
export const BROWSER_KEY_COOKIE = 'portal_signin';
const MAX_AGE_SECONDS = 10 * 60;

export function readBrowserKey(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === BROWSER_KEY_COOKIE) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export function setBrowserKey(reply: FastifyReply, key: string, secure: boolean): void {
  reply.header(
    'set-cookie',
    `${BROWSER_KEY_COOKIE}=${key}; Path=/api/user; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
  );
}

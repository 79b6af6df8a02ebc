import { randomUUID } from 'node:crypto';

/**
 * ComfyUI sends a prompt's progress to the socket whose `clientId` the prompt named, and trusts
 * whatever id a socket claims. The proxy prefixes every client id with the user (`p<user>-…`), on
 * the socket and in `POST /prompt`, so one user's socket can never take another's id: an id that
 * carries someone else's prefix is re-prefixed with the caller's.
 */
export function userClientId(userId: number, requested: string | null | undefined): string {
  const own = `p${userId}-`;
  if (requested && requested.startsWith(own) && requested.length > own.length) return requested.slice(0, 200);
  const bare = (requested ?? '')
    .replace(/^p\d+-/, '')
    .replace(/[^A-Za-z0-9_-]/g, '')
    .slice(0, 120);
  return own + (bare || randomUUID());
}

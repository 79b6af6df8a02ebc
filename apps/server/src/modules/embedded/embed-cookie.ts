import { createHmac } from 'node:crypto';
import type { EmbeddedAppKey } from '@portal/contract';
import { embeddedBasePath } from '@portal/contract';
import { safeEqual } from '../../lib/crypto';

/** What a valid cookie says: who, until when (epoch seconds). */
export interface EmbedPass {
  userId: number;
  expiresAt: number;
}

/** How many verified cookie values a process keeps (a few per signed-in user of a tool). */
const VERIFIED_KEPT = 10_000;

export function embedCookieName(appKey: EmbeddedAppKey): string {
  return `portal_embed_${appKey}`;
}

/**
 * The cookie the frame carries instead of the SPA's bearer token: `<user>.<expiry>.<mac>`, signed
 * with a key derived from the server secret, so every replica accepts it without a lookup and it
 * cannot be moved to another app. The rights are not in it: they are read on every request.
 */
export class EmbedCookieSigner {
  private readonly key: Buffer;
  /**
   * Cookie values whose MAC was found valid (`<app>:<value>`): a tool's page sends the same cookie
   * with each of its hundreds of assets, and the MAC of a value never changes. Expiry is still
   * read from the value on every request. Emptied when full.
   */
  private readonly verified = new Set<string>();

  constructor(
    serverSecret: string,
    private readonly ttlSeconds: number,
    private readonly secure: boolean,
  ) {
    this.key = createHmac('sha256', serverSecret).update('portal embedded tool cookie v1').digest();
  }

  private mac(appKey: EmbeddedAppKey, userId: number, expiresAt: number): string {
    return createHmac('sha256', this.key).update(`${appKey}.${userId}.${expiresAt}`).digest('base64url');
  }

  issue(appKey: EmbeddedAppKey, userId: number, now = Date.now()): { value: string; pass: EmbedPass } {
    const expiresAt = Math.floor(now / 1000) + this.ttlSeconds;
    return { value: `${userId}.${expiresAt}.${this.mac(appKey, userId, expiresAt)}`, pass: { userId, expiresAt } };
  }

  /** Whether a pass should be renewed: less than half of its life left. */
  dueForRenewal(pass: EmbedPass, now = Date.now()): boolean {
    return pass.expiresAt - now / 1000 < this.ttlSeconds / 2;
  }

  /** The pass of a request's cookie header; undefined if absent, forged, for another app or expired. */
  read(appKey: EmbeddedAppKey, cookieHeader: string | undefined, now = Date.now()): EmbedPass | undefined {
    const value = cookieValue(cookieHeader, embedCookieName(appKey));
    const match = value ? /^(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(value) : null;
    if (!match) return undefined;
    const userId = Number(match[1]);
    const expiresAt = Number(match[2]);
    if (expiresAt * 1000 <= now) return undefined;
    const known = `${appKey}:${value}`;
    if (!this.verified.has(known)) {
      if (!safeEqual(match[3] ?? '', this.mac(appKey, userId, expiresAt))) return undefined;
      if (this.verified.size >= VERIFIED_KEPT) this.verified.clear();
      this.verified.add(known);
    }
    return { userId, expiresAt };
  }

  /**
   * `Set-Cookie` for the tool only: its path on the portal's origin, or `/` on the tool's own
   * origin (no Domain attribute: host-only); HttpOnly, SameSite=Strict, Secure over https.
   */
  header(appKey: EmbeddedAppKey, value: string, ownOrigin = false): string {
    const attributes = [
      `${embedCookieName(appKey)}=${value}`,
      `Path=${ownOrigin ? '/' : embeddedBasePath(appKey)}`,
      `Max-Age=${this.ttlSeconds}`,
      'HttpOnly',
      'SameSite=Strict',
    ];
    if (this.secure) attributes.push('Secure');
    return attributes.join('; ');
  }
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export interface SearchTokenClaims {
  /** The portal user the token was issued to. */
  uid: number;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

/**
 * The search service's own bearer token: claims signed with HMAC-SHA256 under a key derived from
 * the server secret, so any replica (or a separate search process sharing the secret) verifies it
 * without a database read.
 */
export class SearchTokenSigner {
  private readonly key: Buffer;

  constructor(
    serverSecret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = createHash('sha256').update(`search-token:${serverSecret}`).digest();
  }

  issue(uid: number, now = Date.now()): { token: string; expire_at: number } {
    const exp = Math.floor(now / 1000) + this.ttlSeconds;
    const payload = Buffer.from(JSON.stringify({ uid, exp } satisfies SearchTokenClaims)).toString('base64url');
    return { token: `${payload}.${this.sign(payload)}`, expire_at: exp * 1000 };
  }

  /** The claims of a valid, unexpired token; null for anything else. */
  verify(token: string, now = Date.now()): SearchTokenClaims | null {
    const [payload, signature, extra] = token.split('.');
    if (!payload || !signature || extra !== undefined) return null;
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Partial<SearchTokenClaims>;
      if (!Number.isInteger(claims.uid) || typeof claims.exp !== 'number') return null;
      if (claims.exp * 1000 <= now) return null;
      return { uid: claims.uid!, exp: claims.exp };
    } catch {
      return null;
    }
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}

import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginStates, type LoginState } from '../../db/schema';
import { randomToken, safeEqual, sha256 } from '../../lib/crypto';

export const LOGIN_STATE_TTL_MS = 10 * 60 * 1000;

/** A browser key is 32 random bytes, base64url; anything else is treated as absent. */
const BROWSER_KEY = /^[A-Za-z0-9_-]{43}$/;

export type ConsumeResult =
  | { ok: true; pending: LoginState }
  /** Unknown, expired or already used. */
  | { ok: false; reason: 'unknown' }
  /** Started in another browser (login CSRF): the pending sign-in is spent all the same. */
  | { ok: false; reason: 'other-browser' };

/**
 * Pending sign-ins live in the database so any replica can finish what another one started.
 *
 * Each one is bound to the browser that started it: the browser holds a random key (the route
 * keeps it in an HttpOnly cookie) and only its hash is stored, so a complete code + state pair
 * carried to another browser is refused. Every sign-in flow (OIDC today, other providers later)
 * saves and consumes through here, so each gets the binding.
 */
export class LoginStateService {
  constructor(private readonly db: Db) {}

  /** The key a browser already holds when it is well-formed, else a new one. */
  browserKey(presented: string | undefined): string {
    return presented && BROWSER_KEY.test(presented) ? presented : randomToken(32);
  }

  async save(
    entry: {
      state: string;
      nonce: string;
      codeVerifier: string;
      fromTarget: string;
      /** A workplace provider; absent for OIDC. */
      provider?: string;
    },
    browserKey: string,
  ): Promise<void> {
    await this.db.delete(loginStates).where(lt(loginStates.expiresAt, new Date()));
    await this.db.insert(loginStates).values({
      ...entry,
      browserHash: sha256(browserKey),
      expiresAt: new Date(Date.now() + LOGIN_STATE_TTL_MS),
    });
  }

  /** Returns the pending sign-in and deletes it, so a state works exactly once. */
  async consume(state: string, browserKey: string | undefined): Promise<ConsumeResult> {
    const rows = await this.db
      .delete(loginStates)
      .where(and(eq(loginStates.state, state), gt(loginStates.expiresAt, new Date())))
      .returning();
    const pending = rows[0];
    if (!pending) return { ok: false, reason: 'unknown' };
    const presented = browserKey && BROWSER_KEY.test(browserKey) ? sha256(browserKey) : '';
    if (!pending.browserHash || !presented || !safeEqual(presented, pending.browserHash)) {
      return { ok: false, reason: 'other-browser' };
    }
    return { ok: true, pending };
  }
}

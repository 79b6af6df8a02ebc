import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginStates, type LoginState } from '../../db/schema';

const LOGIN_STATE_TTL_MS = 10 * 60 * 1000;

/** Pending sign-ins live in the database so any replica can finish what another one started. */
export class LoginStateService {
  constructor(private readonly db: Db) {}

  async save(entry: {
    state: string;
    nonce: string;
    codeVerifier: string;
    fromTarget: string;
    /** A workplace provider; absent for OIDC. */
    provider?: string;
  }): Promise<void> {
    await this.db.delete(loginStates).where(lt(loginStates.expiresAt, new Date()));
    await this.db.insert(loginStates).values({ ...entry, expiresAt: new Date(Date.now() + LOGIN_STATE_TTL_MS) });
  }

  /** Returns the pending sign-in and deletes it, so a state works exactly once. */
  async consume(state: string): Promise<LoginState | undefined> {
    const rows = await this.db
      .delete(loginStates)
      .where(and(eq(loginStates.state, state), gt(loginStates.expiresAt, new Date())))
      .returning();
    return rows[0];
  }
}

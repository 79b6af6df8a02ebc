import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { refreshTokens, users, type User } from '../../db/schema';
import { announceGateChange } from '../rights/gate-changes';

/** What the console's People tab changes about a person. */
export class PeopleService {
  constructor(private readonly db: Db) {}

  /**
   * Disabling moves the rights version too, so a token already out answers 1004, and the refresh
   * that follows is refused for a disabled user.
   */
  async setDisabled(userId: number, disabled: boolean): Promise<{ before: User; after: User } | undefined> {
    const before = (await this.db.select().from(users).where(eq(users.id, userId)))[0];
    if (!before) return undefined;
    const [after] = await this.db
      .update(users)
      .set({ disabled, rightsVersion: sql`${users.rightsVersion} + 1` })
      .where(eq(users.id, userId))
      .returning();
    announceGateChange(userId);
    if (disabled) await this.revokeAll(userId);
    return after ? { before, after } : undefined;
  }

  /** Sign out everywhere: every refresh token is revoked and every access token answers 1004 at once. */
  async signOutEverywhere(userId: number): Promise<number | undefined> {
    const found = await this.db
      .update(users)
      .set({ rightsVersion: sql`${users.rightsVersion} + 1` })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    announceGateChange(userId);
    if (found.length === 0) return undefined;
    return this.revokeAll(userId);
  }

  private async revokeAll(userId: number): Promise<number> {
    const revoked = await this.db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
      .returning({ id: refreshTokens.id });
    return revoked.length;
  }
}

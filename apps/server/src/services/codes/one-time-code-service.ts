import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { oneTimeCodes } from '../../db/schema';
import { randomToken, sha256 } from '../../lib/crypto';
import type { AuditService } from '../audit/audit-service';

export const ONE_TIME_CODE_TTL_SECONDS = 60;

/** Short-lived codes that hand a signed-in user to another app; stored hashed, redeemed once. */
export class OneTimeCodeService {
  constructor(
    private readonly db: Db,
    private readonly audit?: AuditService,
  ) {}

  async create(userId: number, appKey: string): Promise<{ code: string; expiresIn: number }> {
    await this.db.delete(oneTimeCodes).where(lt(oneTimeCodes.expiresAt, new Date(Date.now() - 3600_000)));
    const code = randomToken(24);
    await this.db.insert(oneTimeCodes).values({
      codeHash: sha256(code),
      userId,
      appKey,
      expiresAt: new Date(Date.now() + ONE_TIME_CODE_TTL_SECONDS * 1000),
    });
    // The code itself never reaches the log; who got one for which app does.
    await this.audit?.record({ actorId: userId, action: 'code.issue', target: appKey });
    return { code, expiresIn: ONE_TIME_CODE_TTL_SECONDS };
  }

  /** The user id the code was made for, or undefined if it is unknown, expired, used or for another app. */
  async redeem(appKey: string, code: string): Promise<number | undefined> {
    const rows = await this.db
      .update(oneTimeCodes)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(oneTimeCodes.codeHash, sha256(code)),
          eq(oneTimeCodes.appKey, appKey),
          isNull(oneTimeCodes.usedAt),
          gt(oneTimeCodes.expiresAt, new Date()),
        ),
      )
      .returning({ userId: oneTimeCodes.userId });
    return rows[0]?.userId;
  }
}

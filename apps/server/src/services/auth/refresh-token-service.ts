import { randomUUID } from 'node:crypto';
import { ErrorCode, ErrorMessage } from '@portal/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { refreshTokens } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { randomToken, sha256 } from '../../lib/crypto';

const invalid = () => new AppError(ErrorCode.refreshInvalid, ErrorMessage.refreshInvalid);

/**
 * Opaque refresh tokens, stored only as hashes, rotated on every use. Presenting a token that was
 * already rotated means it leaked: the whole family (every token of that sign-in) is revoked.
 */
export class RefreshTokenService {
  constructor(
    private readonly db: Db,
    private readonly ttlSeconds: number,
  ) {}

  async issue(userId: number, familyId: string = randomUUID()): Promise<{ token: string; expire_at: number }> {
    const token = randomToken(32);
    const expiresAt = new Date(Date.now() + this.ttlSeconds * 1000);
    await this.db.insert(refreshTokens).values({ userId, familyId, tokenHash: sha256(token), expiresAt });
    return { token, expire_at: expiresAt.getTime() };
  }

  /** Consumes a token and returns a fresh one of the same family, with its user id. */
  async rotate(token: string): Promise<{ userId: number; refresh: { token: string; expire_at: number } }> {
    const row = await this.findByToken(token);
    if (!row || row.revokedAt) throw invalid();
    if (row.usedAt) {
      await this.revokeFamily(row.familyId);
      throw invalid();
    }
    if (row.expiresAt.getTime() <= Date.now()) throw invalid();
    // The conditional update makes two concurrent rotations of one token count as reuse.
    const claimed = await this.db
      .update(refreshTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
      .returning({ id: refreshTokens.id });
    if (claimed.length === 0) {
      await this.revokeFamily(row.familyId);
      throw invalid();
    }
    return { userId: row.userId, refresh: await this.issue(row.userId, row.familyId) };
  }

  /** Logout: revokes the token's family; unknown tokens are ignored so logout always succeeds. */
  async revokeByToken(token: string): Promise<void> {
    const row = await this.findByToken(token);
    if (row) await this.revokeFamily(row.familyId);
  }

  /** Only the hash is stored, so a token is found by hashing it again. */
  private async findByToken(token: string) {
    const rows = await this.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(token)));
    return rows[0];
  }

  private async revokeFamily(familyId: string): Promise<void> {
    await this.db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  }
}

import { randomUUID } from 'node:crypto';
import { ErrorCode, ErrorMessage } from '@portal/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { refreshTokens } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { randomToken, sha256 } from '../../lib/crypto';

const invalid = () => new AppError(ErrorCode.refreshInvalid, ErrorMessage.refreshInvalid);

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

type Rotation =
  { ok: true; userId: number; refresh: { token: string; expire_at: number } } | { ok: false; revoked: boolean };

/**
 * Opaque refresh tokens, stored only as hashes, rotated on every use. Presenting a token that was
 * already rotated means it leaked: the whole family (every token of that sign-in) is revoked.
 *
 * Every change to a family (rotate, revoke) runs in one transaction holding that family's lock, so
 * a revocation and a rotation of the same family are strictly ordered: a token issued by a
 * rotation is either visible to the revocation (and revoked with the rest) or issued after it (and
 * refused, because the rotation then finds its own token revoked).
 */
export class RefreshTokenService {
  constructor(
    private readonly db: Db,
    private readonly ttlSeconds: number,
  ) {}

  async issue(userId: number, familyId: string = randomUUID()): Promise<{ token: string; expire_at: number }> {
    return this.insert(this.db, userId, familyId);
  }

  /** Consumes a token and returns a fresh one of the same family, with its user id. */
  async rotate(token: string): Promise<{ userId: number; refresh: { token: string; expire_at: number } }> {
    const hash = sha256(token);
    const found = await this.findByHash(this.db, hash);
    if (!found) throw invalid();
    // A throw inside the transaction would roll a reuse's revocation back, so the outcome is returned.
    const outcome = await this.db.transaction(async (tx): Promise<Rotation> => {
      await this.lockFamily(tx, found.familyId);
      const [row] = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hash)).for('update');
      if (!row || row.revokedAt) return { ok: false, revoked: false };
      if (row.usedAt) {
        await this.revokeFamilyIn(tx, row.familyId);
        return { ok: false, revoked: true };
      }
      if (row.expiresAt.getTime() <= Date.now()) return { ok: false, revoked: false };
      await tx.update(refreshTokens).set({ usedAt: new Date() }).where(eq(refreshTokens.id, row.id));
      return { ok: true, userId: row.userId, refresh: await this.insert(tx, row.userId, row.familyId) };
    });
    if (!outcome.ok) throw invalid();
    return { userId: outcome.userId, refresh: outcome.refresh };
  }

  /** Logout: revokes the token's family; unknown tokens are ignored so logout always succeeds. */
  async revokeByToken(token: string): Promise<void> {
    const row = await this.findByHash(this.db, sha256(token));
    if (!row) return;
    await this.db.transaction(async (tx) => {
      await this.lockFamily(tx, row.familyId);
      await this.revokeFamilyIn(tx, row.familyId);
    });
  }

  /** Held until the transaction ends; serialises every change to one family across replicas. */
  private async lockFamily(tx: Tx, familyId: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`refresh-family:${familyId}`}, 0))`);
  }

  private async insert(db: Db | Tx, userId: number, familyId: string): Promise<{ token: string; expire_at: number }> {
    const token = randomToken(32);
    const expiresAt = new Date(Date.now() + this.ttlSeconds * 1000);
    await db.insert(refreshTokens).values({ userId, familyId, tokenHash: sha256(token), expiresAt });
    return { token, expire_at: expiresAt.getTime() };
  }

  /** Only the hash is stored, so a token is found by hashing it again. */
  private async findByHash(db: Db | Tx, hash: string) {
    const rows = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hash));
    return rows[0];
  }

  private async revokeFamilyIn(tx: Tx, familyId: string): Promise<void> {
    await tx
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  }
}

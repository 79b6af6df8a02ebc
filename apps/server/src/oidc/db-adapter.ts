import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Adapter, AdapterConstructor, AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/client';
import { oidcPayloads } from '../db/schema';

/** Keeps the built-in provider's state in the database so replicas share sign-in sessions. */
export function dbAdapter(db: Db): AdapterConstructor {
  return class DbAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      const row = {
        payload: payload as Record<string, unknown>,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      };
      await db
        .insert(oidcPayloads)
        .values({ model: this.model, id, ...row })
        .onConflictDoUpdate({ target: [oidcPayloads.model, oidcPayloads.id], set: row });
      // One interaction per sign-in is a natural moment to sweep out what has expired.
      if (this.model === 'Interaction') await db.delete(oidcPayloads).where(lt(oidcPayloads.expiresAt, new Date()));
    }

    find(id: string) {
      return this.findWhere(eq(oidcPayloads.id, id));
    }

    findByUserCode(userCode: string) {
      return this.findWhere(eq(oidcPayloads.userCode, userCode));
    }

    findByUid(uid: string) {
      return this.findWhere(eq(oidcPayloads.uid, uid));
    }

    async consume(id: string): Promise<void> {
      await db
        .update(oidcPayloads)
        .set({ consumedAt: new Date() })
        .where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)));
    }

    async destroy(id: string): Promise<void> {
      await db.delete(oidcPayloads).where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
    }

    private async findWhere(match: ReturnType<typeof eq>): Promise<AdapterPayload | undefined> {
      const rows = await db
        .select()
        .from(oidcPayloads)
        .where(
          and(
            eq(oidcPayloads.model, this.model),
            match,
            or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, new Date())),
          ),
        );
      const row = rows[0];
      if (!row) return undefined;
      const payload = row.payload as AdapterPayload;
      return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
    }
  };
}

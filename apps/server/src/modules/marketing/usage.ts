import { ErrorCode, ErrorMessage, ModuleType } from '@portal/contract';
import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatUsage } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import type { MarketingConfig } from './config';

const MODULE = 'marketing';

/**
 * Analyses per user and window, counted in the shared usage table (one row per accepted
 * question) so every replica agrees; windows start at midnight of the configured offset.
 */
export class MarketingUsage {
  constructor(private readonly config: MarketingConfig) {}

  /** Analyses allowed per window (marketing takes no quota rules). */
  get limit(): number {
    return this.config.quota;
  }

  windowStart(now = Date.now()): { start: Date; end: Date } {
    const length = this.config.quota_window_seconds * 1000;
    const shift = this.config.quota_utc_offset_minutes * 60_000;
    const start = Math.floor((now + shift) / length) * length - shift;
    return { start: new Date(start), end: new Date(start + length) };
  }

  /** Inside the transaction that stores the question: serialises this user's asks, then counts. */
  async reserve(db: Db, userId: number): Promise<void> {
    await db.execute(sql`select pg_advisory_xact_lock(${userId}, ${ModuleType.marketing})`);
    const window = this.windowStart();
    const [row] = await db
      .select({ n: count() })
      .from(chatUsage)
      .where(and(eq(chatUsage.userId, userId), eq(chatUsage.module, MODULE), gte(chatUsage.createdAt, window.start)));
    if ((row?.n ?? 0) >= this.limit) {
      const retryAfter = Math.max(1, Math.ceil((window.end.getTime() - Date.now()) / 1000));
      throw new AppError(ErrorCode.quotaExhausted, ErrorMessage.quotaExhausted, undefined, {
        'retry-after': String(retryAfter),
      });
    }
  }

  async record(db: Db, entry: { userId: number; convId: string; messageId: string }): Promise<void> {
    await db.insert(chatUsage).values({ ...entry, module: MODULE });
  }
}

import {
  DEFAULT_USAGE_COUNT,
  ErrorCode,
  ErrorMessage,
  moduleQuotaKeys,
  ModuleType,
  type CountedModuleName,
  type TypedModuleName,
  type QuotaPeriod,
  type QuotaRuleView,
  type UsageStatus,
} from '@portal/contract';
import { and, asc, count, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatUsage } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import type { QuotaService } from '../quotas/quota-service';
import type { UsageDefaults } from './usage-defaults';

export type { UsageDefaults } from './usage-defaults';

export interface UsageWindow {
  start: Date;
  end: Date;
}

/** The fixed window containing `now`; windows start at midnight of the configured UTC offset by default. */
export function usageWindow(now: number, windowSeconds: number, utcOffsetMinutes: number): UsageWindow {
  const length = windowSeconds * 1000;
  const shift = utcOffsetMinutes * 60_000;
  const start = Math.floor((now + shift) / length) * length - shift;
  return { start: new Date(start), end: new Date(start + length) };
}

/** The calendar week (from Monday) or month containing `now`, in the given UTC offset. */
export function calendarWindow(now: number, period: 'week' | 'month', utcOffsetMinutes: number): UsageWindow {
  const shift = utcOffsetMinutes * 60_000;
  const local = new Date(now + shift);
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth();
  if (period === 'month') {
    return { start: new Date(Date.UTC(y, m, 1) - shift), end: new Date(Date.UTC(y, m + 1, 1) - shift) };
  }
  const sinceMonday = (local.getUTCDay() + 6) % 7;
  const start = Date.UTC(y, m, local.getUTCDate() - sinceMonday);
  return { start: new Date(start - shift), end: new Date(start + 7 * 86_400_000 - shift) };
}

/** 4030, with the seconds until the window ends. */
export function quotaExhausted(window: UsageWindow): AppError {
  const retryAfter = Math.max(1, Math.ceil((window.end.getTime() - Date.now()) / 1000));
  return new AppError(ErrorCode.quotaExhausted, ErrorMessage.quotaExhausted, undefined, {
    'retry-after': String(retryAfter),
  });
}

/** The quota in force for one user and module: a quota rule's, or the configured one. */
export interface EffectiveQuota {
  /** Null: unlimited. */
  limit: number | null;
  window: UsageWindow;
  /** The quota rule that decides; undefined when the configured quota applies. */
  rule?: QuotaRuleView;
  period?: QuotaPeriod;
}

/**
 * Asks per user, module and window, counted from stored rows (table chat_usage, one row per
 * accepted question of any counted module) so every replica agrees. The limit and window come
 * from the quota rule that applies to the user (services/quotas), else from the module's config.
 */
export class UsageService {
  constructor(
    private readonly db: Db,
    private readonly config: UsageDefaults,
    private readonly quotas?: QuotaService,
  ) {}

  private window(now: number, period?: QuotaPeriod): UsageWindow {
    const offset = this.config.quota_utc_offset_minutes;
    if (period === 'day') return usageWindow(now, 86_400, offset);
    if (period) return calendarWindow(now, period, offset);
    return usageWindow(now, this.config.quota_window_seconds, offset);
  }

  /** Resolved per call, so a rule change applies to the next ask on every replica. */
  async effective(
    userId: number,
    module: CountedModuleName,
    db: Db = this.db,
    now = Date.now(),
  ): Promise<EffectiveQuota> {
    const applied = await this.quotas?.appliedTo(userId, moduleQuotaKeys[module] ?? module, db);
    if (applied) {
      const { limit, period, rule } = applied;
      return { limit, window: this.window(now, period), rule, period };
    }
    return { limit: this.config.quotaOf(module), window: this.window(now) };
  }

  async used(userId: number, module: CountedModuleName, since: Date, db: Db = this.db): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(chatUsage)
      .where(and(eq(chatUsage.userId, userId), eq(chatUsage.module, module), gte(chatUsage.createdAt, since)));
    return row?.n ?? 0;
  }

  async status(userId: number, module: CountedModuleName): Promise<UsageStatus> {
    const now = Date.now();
    const { limit, window } = await this.effective(userId, module, this.db, now);
    const rows = await this.db
      .select()
      .from(chatUsage)
      .where(and(eq(chatUsage.userId, userId), eq(chatUsage.module, module), gte(chatUsage.createdAt, window.start)))
      .orderBy(asc(chatUsage.id));
    const list = rows.map((r) => ({ conv_id: r.convId, message_id: r.messageId, create_time: r.createdAt.getTime() }));
    if (limit === null) {
      // Older clients read only the counts: the spec's default count keeps them from showing 0.
      return {
        total_cnt: DEFAULT_USAGE_COUNT,
        rest_usage_cnt: DEFAULT_USAGE_COUNT,
        rest_recovery_duration: 0,
        list,
        unlimited: true,
      };
    }
    return {
      total_cnt: limit,
      rest_usage_cnt: Math.max(0, limit - rows.length),
      rest_recovery_duration: Math.max(0, Math.ceil((window.end.getTime() - now) / 1000)),
      list,
    };
  }

  /** Throws 4030 when the window's asks are used up; called before anything reaches a provider. */
  async ensureAvailable(userId: number, module: CountedModuleName, db: Db = this.db): Promise<void> {
    const { limit, window } = await this.effective(userId, module, db);
    if (limit === null) return;
    if ((await this.used(userId, module, window.start, db)) >= limit) throw quotaExhausted(window);
  }

  /**
   * Inside the transaction that stores the question: waits for any other ask of this user in this
   * module to commit, then counts again, so two asks at the limit cannot both pass the early check.
   */
  async reserve(db: Db, userId: number, module: CountedModuleName): Promise<void> {
    // A module with a type number locks on it, as the chat's ask statement does; others on their name.
    const lock = Object.hasOwn(ModuleType, module)
      ? sql`select pg_advisory_xact_lock(${userId}, ${ModuleType[module as TypedModuleName]})`
      : sql`select pg_advisory_xact_lock(hashtextextended(${`usage:${module}:${userId}`}, 0))`;
    await db.execute(lock);
    await this.ensureAvailable(userId, module, db);
  }

  async record(
    db: Db,
    entry: { userId: number; module: CountedModuleName; convId: string; messageId: string },
  ): Promise<void> {
    await db.insert(chatUsage).values(entry);
  }
}

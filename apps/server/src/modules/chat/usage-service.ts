import { ErrorCode, ErrorMessage, ModuleType, type ChatModule, type UsageStatus } from '@portal/contract';
import { and, asc, count, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatUsage } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import type { ChatConfig } from './config';

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

/** Asks per user, module and window, counted from stored rows so every replica agrees. */
export class UsageService {
  constructor(
    private readonly db: Db,
    private readonly config: ChatConfig,
  ) {}

  private window(now = Date.now()): UsageWindow {
    return usageWindow(now, this.config.quota_window_seconds, this.config.quota_utc_offset_minutes);
  }

  private async used(userId: number, module: ChatModule, since: Date, db: Db = this.db): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(chatUsage)
      .where(and(eq(chatUsage.userId, userId), eq(chatUsage.module, module), gte(chatUsage.createdAt, since)));
    return row?.n ?? 0;
  }

  async status(userId: number, module: ChatModule): Promise<UsageStatus> {
    const now = Date.now();
    const window = this.window(now);
    const rows = await this.db
      .select()
      .from(chatUsage)
      .where(and(eq(chatUsage.userId, userId), eq(chatUsage.module, module), gte(chatUsage.createdAt, window.start)))
      .orderBy(asc(chatUsage.id));
    const total = this.config.quotas[module];
    return {
      total_cnt: total,
      rest_usage_cnt: Math.max(0, total - rows.length),
      rest_recovery_duration: Math.max(0, Math.ceil((window.end.getTime() - now) / 1000)),
      list: rows.map((r) => ({ conv_id: r.convId, message_id: r.messageId, create_time: r.createdAt.getTime() })),
    };
  }

  /** Throws 4030 when the window's asks are used up; called before anything reaches a provider. */
  async ensureAvailable(userId: number, module: ChatModule, db: Db = this.db): Promise<void> {
    const window = this.window();
    if ((await this.used(userId, module, window.start, db)) >= this.config.quotas[module]) {
      const retryAfter = Math.max(1, Math.ceil((window.end.getTime() - Date.now()) / 1000));
      throw new AppError(ErrorCode.quotaExhausted, ErrorMessage.quotaExhausted, undefined, {
        'retry-after': String(retryAfter),
      });
    }
  }

  /**
   * Inside the transaction that stores the question: waits for any other ask of this user in this
   * module to commit, then counts again, so two asks at the limit cannot both pass the early check.
   */
  async reserve(db: Db, userId: number, module: ChatModule): Promise<void> {
    await db.execute(sql`select pg_advisory_xact_lock(${userId}, ${ModuleType[module]})`);
    await this.ensureAvailable(userId, module, db);
  }

  async record(
    db: Db,
    entry: { userId: number; module: ChatModule; convId: string; messageId: string },
  ): Promise<void> {
    await db.insert(chatUsage).values(entry);
  }
}

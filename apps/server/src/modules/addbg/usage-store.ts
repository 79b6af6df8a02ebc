import { ErrorCode, addbgMessages, type AddbgUsage } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../errors/app-error';
import { rows } from '../../lib/sql-rows';

interface UsageRow {
  total: number;
  remain: number;
  refresh_ms: string;
}

const toUsage = (r: UsageRow): AddbgUsage => ({ total: r.total, remain: r.remain, refresh_ts: Number(r.refresh_ms) });

/**
 * Section 3's image usage: `remain` of `total` images per user until `refresh_ts`, refilled to
 * the configured total when the period is over. Spending is one conditional UPDATE (the row lock
 * serialises concurrent generations of one user), so `remain` never goes below zero.
 */
export class UsageStore {
  constructor(
    private readonly db: Db,
    private readonly total: number,
    private readonly periodSeconds: number,
  ) {}

  private async ensure(db: Db, ownerId: number): Promise<void> {
    await db.execute(sql`insert into addbg_usage (owner_id, total, remain, refresh_at)
      values (${ownerId}, ${this.total}, ${this.total}, now() + ${this.periodSeconds} * interval '1 second')
      on conflict (owner_id) do nothing`);
  }

  async get(ownerId: number, db: Db = this.db): Promise<AddbgUsage> {
    await this.ensure(db, ownerId);
    // A period that is over is refilled when read, so the screen never shows a stale zero.
    const [row] = await rows<UsageRow>(
      db,
      sql`update addbg_usage set
            total = case when refresh_at <= now() then ${this.total} else total end,
            remain = case when refresh_at <= now() then ${this.total} else remain end,
            refresh_at = case when refresh_at <= now() then now() + ${this.periodSeconds} * interval '1 second' else refresh_at end
          where owner_id = ${ownerId}
          returning total::int as total, remain::int as remain,
                    (extract(epoch from refresh_at) * 1000)::bigint::text as refresh_ms`,
    );
    return toUsage(row!);
  }

  /** Takes `count` images or refuses with 4030 saying when the usage comes back. */
  async spend(ownerId: number, count: number, db: Db = this.db): Promise<AddbgUsage> {
    await this.get(ownerId, db);
    const [row] = await rows<UsageRow>(
      db,
      sql`update addbg_usage set remain = remain - ${count}
          where owner_id = ${ownerId} and remain >= ${count}
          returning total::int as total, remain::int as remain,
                    (extract(epoch from refresh_at) * 1000)::bigint::text as refresh_ms`,
    );
    if (row) return toUsage(row);
    const usage = await this.get(ownerId, db);
    const when = new Date(usage.refresh_ts).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false });
    throw new AppError(ErrorCode.quotaExhausted, addbgMessages.usageExhausted(when));
  }

  /** Gives `count` images back (a failed work), never above the total. */
  async refund(ownerId: number, count: number, db: Db = this.db): Promise<void> {
    await db.execute(sql`update addbg_usage set remain = least(total, remain + ${count}) where owner_id = ${ownerId}`);
  }
}

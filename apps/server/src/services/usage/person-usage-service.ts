import { PERSON_USAGE_DAYS, type ModuleUsage, type PersonUsage, type CountedModuleName } from '@portal/contract';
import { and, eq, gte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatUsage } from '../../db/schema';
import type { UsageService } from './usage-service';

const DAY_MS = 86_400_000;

/** A counted module with the service that enforces its quota. */
export interface CountedModule {
  module: CountedModuleName;
  usage: UsageService;
}

/**
 * One person's asks per counted module, with the limit and the rule that decides it, and their
 * asks per local day. The counting services are the ones that enforce the quotas, so what the
 * console shows is what the next ask meets.
 */
export class PersonUsageService {
  /**
   * @param counted every counted module, in the order the console lists them
   * @param utcOffsetMinutes days are local days starting at midnight of this offset
   */
  constructor(
    private readonly db: Db,
    private readonly counted: readonly CountedModule[],
    private readonly utcOffsetMinutes: number,
  ) {}

  async of(userId: number, now: number): Promise<PersonUsage> {
    const modules: ModuleUsage[] = [];
    for (const { module, usage } of this.counted) {
      const q = await usage.effective(userId, module, this.db, now);
      modules.push({
        module,
        used: await usage.used(userId, module, q.window.start),
        limit: q.limit,
        source: q.rule ? 'rule' : 'config',
        rule: q.rule ?? null,
        period: q.period ?? null,
        window_start: q.window.start.toISOString(),
        resets_at: q.window.end.toISOString(),
      });
    }
    return { modules, days: await this.dailyCounts(userId, now) };
  }

  /** Asks per local day and module over the last days, oldest first, empty days included. */
  private async dailyCounts(userId: number, now: number): Promise<PersonUsage['days']> {
    const offsetMs = this.utcOffsetMinutes * 60_000;
    const today = Math.floor((now + offsetMs) / DAY_MS) * DAY_MS;
    const first = today - (PERSON_USAGE_DAYS - 1) * DAY_MS;
    const rows = await this.db
      .select({ module: chatUsage.module, createdAt: chatUsage.createdAt })
      .from(chatUsage)
      .where(and(eq(chatUsage.userId, userId), gte(chatUsage.createdAt, new Date(first - offsetMs))));
    const days = Array.from({ length: PERSON_USAGE_DAYS }, (_, i) => ({
      date: new Date(first + i * DAY_MS).toISOString().slice(0, 10),
      counts: {} as Record<string, number>,
    }));
    for (const r of rows) {
      const day = days[Math.floor((r.createdAt.getTime() + offsetMs - first) / DAY_MS)];
      if (day) day.counts[r.module] = (day.counts[r.module] ?? 0) + 1;
    }
    return days;
  }
}

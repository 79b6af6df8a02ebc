import type { EmbeddedAppKey } from '@portal/contract';
import { and, count, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { embeddedApiCalls } from '../../db/schema';
import type { AuditService } from '../../services/audit/audit-service';
import { quotaExhausted, usageWindow } from '../../services/usage/usage-service';
import type { EmbeddedConfig } from './config';

export interface StartedCall {
  id: number;
}

/**
 * The record of every tool API call made through the portal: the per-user daily quota counts
 * these rows (so replicas agree), unfinished generations are the portal's own SD queue, and each
 * call leaves an audit row naming who ran what.
 */
export class ToolApiCalls {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
    private readonly config: EmbeddedConfig,
  ) {}

  /** Refuses with 4030 when the user's calls of this app in the current window reached the quota; else records the call. */
  async start(
    userId: number,
    appKey: EmbeddedAppKey,
    call: { method: string; path: string; generation: boolean; ip?: string },
  ): Promise<StartedCall> {
    const window = usageWindow(Date.now(), this.config.quota_window_seconds, this.config.quota_utc_offset_minutes);
    const [used] = await this.db
      .select({ n: count() })
      .from(embeddedApiCalls)
      .where(
        and(
          eq(embeddedApiCalls.userId, userId),
          eq(embeddedApiCalls.appKey, appKey),
          gte(embeddedApiCalls.createdAt, window.start),
        ),
      );
    if ((used?.n ?? 0) >= this.config.api_quota) throw quotaExhausted(window);
    const [row] = await this.db
      .insert(embeddedApiCalls)
      .values({ userId, appKey, method: call.method, path: call.path.slice(0, 500), generation: call.generation })
      .returning({ id: embeddedApiCalls.id });
    await this.audit.record({
      actorId: userId,
      action: `embedded.${appKey}.api`,
      target: `${call.method} ${call.path}`,
      ip: call.ip,
    });
    return { id: row!.id };
  }

  async finish(call: StartedCall, status: number): Promise<void> {
    await this.db
      .update(embeddedApiCalls)
      .set({ status, finishedAt: new Date() })
      .where(eq(embeddedApiCalls.id, call.id));
  }

  /**
   * The user's place among unfinished generations of the app (1 = the oldest, running now: the
   * tool serialises generations behind one lock). Calls older than the timeout count as finished,
   * so a process that died mid-call does not hold the queue forever.
   */
  async queuePosition(userId: number, appKey: EmbeddedAppKey): Promise<{ position: number | null; waiting: number }> {
    const since = new Date(Date.now() - this.config.api_timeout_ms);
    const waiting = and(
      eq(embeddedApiCalls.appKey, appKey),
      eq(embeddedApiCalls.generation, true),
      isNull(embeddedApiCalls.finishedAt),
      gte(embeddedApiCalls.createdAt, since),
    );
    const [total] = await this.db.select({ n: count() }).from(embeddedApiCalls).where(waiting);
    const [mine] = await this.db
      .select({ id: sql<number>`min(${embeddedApiCalls.id})` })
      .from(embeddedApiCalls)
      .where(and(waiting, eq(embeddedApiCalls.userId, userId)));
    if (mine?.id == null) return { position: null, waiting: total?.n ?? 0 };
    const [ahead] = await this.db
      .select({ n: count() })
      .from(embeddedApiCalls)
      .where(and(waiting, lt(embeddedApiCalls.id, Number(mine.id))));
    return { position: (ahead?.n ?? 0) + 1, waiting: total?.n ?? 0 };
  }
}

import { type AnalyticsEvent, analyticsEventTypes } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dayOf } from './day-of';
import { rows } from '../../lib/sql-rows';

/**
 * Caps the distinct custom event names (detail.key) an app may introduce per day. Names already
 * known that day always pass; new ones are admitted while the app is under the cap, and the events
 * of refused names are dropped, so a page cannot grow the name space (and the rollups) without end.
 */
export class EventNameCap {
  private prunedBefore = '';

  constructor(
    private readonly db: Db,
    private readonly settings: { timezone: string; maxNamesPerAppDay: number },
    private readonly now: () => number = Date.now,
  ) {}

  /** The events that may be stored, and how many were refused. */
  async filter(events: readonly AnalyticsEvent[]): Promise<{ kept: AnalyticsEvent[]; refused: number }> {
    const named = new Map<string, { appKey: string; name: string }>();
    for (const e of events) {
      if (e.type === analyticsEventTypes.custom)
        named.set(`${e.app_key}\u0001${e.detail.key}`, { appKey: e.app_key, name: e.detail.key });
    }
    if (named.size === 0) return { kept: [...events], refused: 0 };
    const day = dayOf(this.now(), this.settings.timezone);
    await this.pruneOldDays(day);
    const input = JSON.stringify([...named.values()].map((n) => ({ app_key: n.appKey, name: n.name })));
    // One statement: admit new names while the app's count for the day is under the cap, then
    // report every name of the batch that is known (old or just admitted).
    const admitted = await rows<{ app_key: string; name: string }>(
      this.db,
      sql`
        WITH input AS (
          SELECT DISTINCT app_key, name FROM jsonb_to_recordset(${input}::jsonb) AS r(app_key text, name text)
        ), known AS (
          SELECT n.app_key, n.name FROM analytics_event_names n
          JOIN input i ON i.app_key = n.app_key AND i.name = n.name
          WHERE n.day = ${day}::date
        ), counts AS (
          SELECT i.app_key, (SELECT count(*) FROM analytics_event_names n WHERE n.day = ${day}::date AND n.app_key = i.app_key) AS used
          FROM (SELECT DISTINCT app_key FROM input) i
        ), fresh AS (
          SELECT i.app_key, i.name, row_number() OVER (PARTITION BY i.app_key ORDER BY i.name) AS rank
          FROM input i LEFT JOIN known k ON k.app_key = i.app_key AND k.name = i.name
          WHERE k.name IS NULL
        ), ins AS (
          INSERT INTO analytics_event_names (day, app_key, name)
          SELECT ${day}::date, f.app_key, f.name FROM fresh f JOIN counts c ON c.app_key = f.app_key
          WHERE c.used + f.rank <= ${this.settings.maxNamesPerAppDay}
          ON CONFLICT DO NOTHING
          RETURNING app_key, name
        )
        SELECT app_key, name FROM known UNION SELECT app_key, name FROM ins`,
    );
    const allowed = new Set(admitted.map((r) => `${r.app_key}\u0001${r.name}`));
    const kept = events.filter(
      (e) => e.type !== analyticsEventTypes.custom || allowed.has(`${e.app_key}\u0001${e.detail.key}`),
    );
    return { kept, refused: events.length - kept.length };
  }

  /** Yesterday is kept for late events around midnight; older days are no longer needed. */
  private async pruneOldDays(today: string): Promise<void> {
    if (this.prunedBefore === today) return;
    this.prunedBefore = today;
    await this.db.execute(sql`DELETE FROM analytics_event_names WHERE day < ${today}::date - 1`);
  }
}

import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rows } from '../../lib/sql-rows';

export interface RollupSettings {
  timezone: string;
  retentionDays: number;
}

/** Namespace of the advisory locks that serialise recomputing one day across replicas. */
const DAY_LOCK_NAMESPACE = 872_101;
const PENDING_TAKE = 500;
const DELETE_CHUNK = 20_000;

/**
 * Maintains the daily rollup tables. Every day that received events is recomputed as a whole from
 * the raw events (delete + insert in one transaction), so running it twice, or on two replicas,
 * gives the same rows. Days older than the retention window are never recomputed, because their
 * raw events are gone and the rollup is all that is left.
 */
export class AnalyticsRollupService {
  private running: Promise<number> | undefined;

  constructor(
    private readonly db: Db,
    private readonly settings: RollupSettings,
  ) {}

  /** Recomputes every pending day; concurrent calls in one process share the same run. */
  run(): Promise<number> {
    this.running ??= this.drain().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** Marks a range for recomputation (on demand, e.g. after a manual data fix). */
  async markRange(from: string, to: string): Promise<void> {
    await this.db.execute(sql`
      INSERT INTO analytics_pending_days (day)
      SELECT d::date FROM generate_series(${from}::date, ${to}::date, interval '1 day') AS d
      ON CONFLICT (day) DO NOTHING`);
  }

  /** Deletes raw events older than the retention window, in chunks so ingest is never blocked long. */
  async purgeExpired(): Promise<number> {
    let total = 0;
    for (;;) {
      const deleted = await rows<{ n: number }>(
        this.db,
        sql`
          WITH doomed AS (
            SELECT event_id FROM analytics_events
            WHERE ts < now() - make_interval(days => ${this.settings.retentionDays}::int)
            LIMIT ${DELETE_CHUNK}
          ), gone AS (
            DELETE FROM analytics_events WHERE event_id IN (SELECT event_id FROM doomed) RETURNING 1
          )
          SELECT count(*)::int AS n FROM gone`,
      );
      const n = deleted[0]?.n ?? 0;
      total += n;
      if (n < DELETE_CHUNK) return total;
    }
  }

  private async drain(): Promise<number> {
    let done = 0;
    for (;;) {
      const taken = await rows<{ day: string }>(
        this.db,
        sql`
          DELETE FROM analytics_pending_days
          WHERE day IN (SELECT day FROM analytics_pending_days ORDER BY day LIMIT ${PENDING_TAKE})
          RETURNING day::text AS day`,
      );
      if (taken.length === 0) return done;
      const days = taken.map((t) => t.day).sort();
      const oldest = await this.oldestKeptDay();
      for (let i = 0; i < days.length; i++) {
        const day = days[i] as string;
        if (day < oldest) continue;
        try {
          await this.recompute(day);
          done++;
        } catch (err) {
          await this.remark(days.slice(i));
          throw err;
        }
      }
    }
  }

  private async oldestKeptDay(): Promise<string> {
    const [row] = await rows<{ day: string }>(
      this.db,
      sql`SELECT ((now() - make_interval(days => ${this.settings.retentionDays}::int)) AT TIME ZONE ${this.settings.timezone})::date::text AS day`,
    );
    return row?.day ?? '0000-01-01';
  }

  private async remark(days: string[]): Promise<void> {
    if (days.length === 0) return;
    await this.db.execute(sql`
      INSERT INTO analytics_pending_days (day)
      SELECT unnest(${`{${days.join(',')}}`}::date[]) ON CONFLICT (day) DO NOTHING`);
  }

  private async recompute(day: string): Promise<void> {
    const tz = this.settings.timezone;
    const start = sql`((${day}::date)::timestamp AT TIME ZONE ${tz})`;
    const end = sql`((${day}::date + 1)::timestamp AT TIME ZONE ${tz})`;
    const inDay = sql`ts >= ${start} AND ts < ${end}`;
    const actor = sql`coalesce(auth_user_id::text, user_id, 'anon:' || anonymous_id)`;
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${DAY_LOCK_NAMESPACE}, (${day}::date - '2000-01-01'::date))`);
      await tx.execute(sql`DELETE FROM analytics_daily_events WHERE day = ${day}::date`);
      await tx.execute(sql`
        INSERT INTO analytics_daily_events (day, app_key, type, events)
        SELECT ${day}::date, app_key, type, count(*)::int FROM analytics_events WHERE ${inDay}
        GROUP BY app_key, type`);

      await tx.execute(sql`DELETE FROM analytics_daily_users WHERE day = ${day}::date`);
      await tx.execute(sql`
        INSERT INTO analytics_daily_users (day, users, anonymous)
        WITH seen AS (
          SELECT anonymous_id, coalesce(auth_user_id::text, user_id) AS person FROM analytics_events WHERE ${inDay}
        )
        SELECT ${day}::date,
               count(DISTINCT person)::int,
               count(DISTINCT anonymous_id) FILTER (
                 WHERE person IS NULL
                   AND NOT EXISTS (SELECT 1 FROM seen AS s WHERE s.anonymous_id = seen.anonymous_id AND s.person IS NOT NULL)
               )::int
        FROM seen
        HAVING count(*) > 0`);

      await tx.execute(sql`DELETE FROM analytics_daily_opens WHERE day = ${day}::date`);
      await tx.execute(sql`
        INSERT INTO analytics_daily_opens (day, app_key, opens, users)
        SELECT ${day}::date, detail->>'app_key', count(*)::int, count(DISTINCT ${actor})::int
        FROM analytics_events WHERE type = 12 AND ${inDay}
        GROUP BY detail->>'app_key'`);

      await tx.execute(sql`DELETE FROM analytics_daily_cycles WHERE day = ${day}::date`);
      await tx.execute(sql`
        INSERT INTO analytics_daily_cycles (day, app_key, cycles, total_ms, max_ms)
        SELECT ${day}::date, app_key, count(*)::int, sum(ms)::bigint, max(ms)::bigint
        FROM (
          SELECT app_key, round(extract(epoch FROM max(ts) - min(ts)) * 1000) AS ms
          FROM analytics_events WHERE ${inDay}
          GROUP BY app_key, cycle_id
        ) AS c
        GROUP BY app_key`);

      await tx.execute(sql`DELETE FROM analytics_daily_api WHERE day = ${day}::date`);
      await tx.execute(sql`
        INSERT INTO analytics_daily_api (day, app_key, path, calls, errors, total_ms, max_ms)
        SELECT ${day}::date, app_key, path, count(*)::int,
               count(*) FILTER (WHERE http_status >= 400 OR http_status = 0 OR (code IS NOT NULL AND code <> 0))::int,
               sum(duration_ms)::bigint, max(duration_ms)::bigint
        FROM (
          SELECT app_key, split_part(detail->>'path', '?', 1) AS path,
                 (detail->>'http_status')::int AS http_status, (detail->>'code')::int AS code,
                 (detail->>'duration_ms')::bigint AS duration_ms
          FROM analytics_events WHERE type = 200 AND ${inDay}
        ) AS a
        GROUP BY app_key, path`);

      await tx.execute(sql`DELETE FROM analytics_daily_script_errors WHERE day = ${day}::date`);
      await tx.execute(sql`
        INSERT INTO analytics_daily_script_errors (day, app_key, message_hash, message, errors, last_ts)
        SELECT ${day}::date, app_key, md5(detail->>'message'), min(detail->>'message'), count(*)::int, max(ts)
        FROM analytics_events WHERE type = 300 AND ${inDay}
        GROUP BY app_key, md5(detail->>'message')`);
    });
  }
}

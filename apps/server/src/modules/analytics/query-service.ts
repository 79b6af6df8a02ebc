import {
  analyticsDaysOf,
  type AnalyticsApi,
  type AnalyticsAppDetail,
  type AnalyticsAppOpens,
  type AnalyticsCycles,
  type AnalyticsDropped,
  type AnalyticsDropReason,
  type AnalyticsOverview,
  type AnalyticsRangeQuery,
  type AnalyticsScriptErrors,
} from '@portal/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apps } from '../../db/schema';
import { rows } from '../../lib/sql-rows';

const SLOWEST_PATHS = 20;
const SCRIPT_ERROR_GROUPS = 50;

const rate = (errors: number, calls: number) => (calls > 0 ? Math.round((errors / calls) * 10_000) / 10_000 : 0);
const mean = (total: number, n: number) => (n > 0 ? Math.round(total / n) : 0);

/** The dashboard's figures, read from the daily rollups only, so their cost follows days × apps, not events. */
export class AnalyticsQueryService {
  constructor(private readonly db: Db) {}

  async overview({ from, to }: AnalyticsRangeQuery): Promise<AnalyticsOverview> {
    const range = sql`day BETWEEN ${from}::date AND ${to}::date`;
    const [events, users, opens, cycles, api, scripts] = await Promise.all([
      rows<{ n: number }>(
        this.db,
        sql`SELECT coalesce(sum(events), 0)::float8 AS n FROM analytics_daily_events WHERE ${range}`,
      ),
      rows<{ day: string; users: number; anonymous: number }>(
        this.db,
        sql`SELECT day::text AS day, users, anonymous FROM analytics_daily_users WHERE ${range}`,
      ),
      rows<{ n: number }>(
        this.db,
        sql`SELECT coalesce(sum(opens), 0)::float8 AS n FROM analytics_daily_opens WHERE ${range}`,
      ),
      rows<{ cycles: number; total: number }>(
        this.db,
        sql`SELECT coalesce(sum(cycles), 0)::float8 AS cycles, coalesce(sum(total_ms), 0)::float8 AS total
            FROM analytics_daily_cycles WHERE ${range}`,
      ),
      rows<{ calls: number; errors: number }>(
        this.db,
        sql`SELECT coalesce(sum(calls), 0)::float8 AS calls, coalesce(sum(errors), 0)::float8 AS errors
            FROM analytics_daily_api WHERE ${range}`,
      ),
      rows<{ n: number }>(
        this.db,
        sql`SELECT coalesce(sum(errors), 0)::float8 AS n FROM analytics_daily_script_errors WHERE ${range}`,
      ),
    ]);
    const byDay = new Map(users.map((u) => [u.day, u]));
    const days = analyticsDaysOf(from, to).map((day) => ({
      day,
      users: byDay.get(day)?.users ?? 0,
      anonymous: byDay.get(day)?.anonymous ?? 0,
    }));
    const cycleRow = cycles[0] ?? { cycles: 0, total: 0 };
    const apiRow = api[0] ?? { calls: 0, errors: 0 };
    return {
      from,
      to,
      events: events[0]?.n ?? 0,
      peak_daily_users: days.reduce((m, d) => Math.max(m, d.users), 0),
      avg_daily_users: Math.round((days.reduce((s, d) => s + d.users, 0) / days.length) * 10) / 10,
      peak_daily_anonymous: days.reduce((m, d) => Math.max(m, d.anonymous), 0),
      app_opens: opens[0]?.n ?? 0,
      cycles: cycleRow.cycles,
      avg_cycle_ms: mean(cycleRow.total, cycleRow.cycles),
      api_calls: apiRow.calls,
      api_errors: apiRow.errors,
      api_error_rate: rate(apiRow.errors, apiRow.calls),
      script_errors: scripts[0]?.n ?? 0,
      days,
    };
  }

  async appOpens({ from, to }: AnalyticsRangeQuery): Promise<AnalyticsAppOpens> {
    const [list, names] = await Promise.all([
      rows<{ app_key: string; opens: number }>(
        this.db,
        sql`SELECT app_key, sum(opens)::float8 AS opens FROM analytics_daily_opens
            WHERE day BETWEEN ${from}::date AND ${to}::date
            GROUP BY app_key ORDER BY opens DESC, app_key`,
      ),
      this.appNames(),
    ]);
    return {
      list: list.map((r) => ({ app_key: r.app_key, app_name: names.get(r.app_key) ?? r.app_key, opens: r.opens })),
    };
  }

  async cycles({ from, to }: AnalyticsRangeQuery): Promise<AnalyticsCycles> {
    const [list, names] = await Promise.all([
      rows<{ app_key: string; cycles: number; total: number; max_ms: number }>(
        this.db,
        sql`SELECT app_key, sum(cycles)::float8 AS cycles, sum(total_ms)::float8 AS total, max(max_ms)::float8 AS max_ms
            FROM analytics_daily_cycles WHERE day BETWEEN ${from}::date AND ${to}::date
            GROUP BY app_key ORDER BY cycles DESC, app_key`,
      ),
      this.appNames(),
    ]);
    return {
      list: list.map((r) => ({
        app_key: r.app_key,
        app_name: names.get(r.app_key) ?? r.app_key,
        cycles: r.cycles,
        avg_ms: mean(r.total, r.cycles),
        max_ms: r.max_ms,
      })),
    };
  }

  async api({ from, to }: AnalyticsRangeQuery, appKey?: string): Promise<AnalyticsApi> {
    const where = this.where(from, to, appKey);
    const [days, slowest] = await Promise.all([
      rows<{ day: string; calls: number; errors: number }>(
        this.db,
        sql`SELECT day::text AS day, sum(calls)::float8 AS calls, sum(errors)::float8 AS errors
            FROM analytics_daily_api WHERE ${where} GROUP BY day`,
      ),
      rows<{ path: string; calls: number; errors: number; total: number; max_ms: number }>(
        this.db,
        sql`SELECT path, sum(calls)::float8 AS calls, sum(errors)::float8 AS errors,
                   sum(total_ms)::float8 AS total, max(max_ms)::float8 AS max_ms
            FROM analytics_daily_api WHERE ${where}
            GROUP BY path ORDER BY sum(total_ms)::float8 / sum(calls) DESC, path LIMIT ${SLOWEST_PATHS}`,
      ),
    ]);
    const byDay = new Map(days.map((d) => [d.day, d]));
    const series = analyticsDaysOf(from, to).map((day) => {
      const d = byDay.get(day);
      const calls = d?.calls ?? 0;
      const errors = d?.errors ?? 0;
      return { day, calls, errors, error_rate: rate(errors, calls) };
    });
    const calls = series.reduce((s, d) => s + d.calls, 0);
    const errors = series.reduce((s, d) => s + d.errors, 0);
    return {
      calls,
      errors,
      error_rate: rate(errors, calls),
      days: series,
      slowest: slowest.map((p) => ({
        path: p.path,
        calls: p.calls,
        errors: p.errors,
        error_rate: rate(p.errors, p.calls),
        avg_ms: mean(p.total, p.calls),
        max_ms: p.max_ms,
      })),
    };
  }

  async scriptErrors({ from, to }: AnalyticsRangeQuery, appKey?: string): Promise<AnalyticsScriptErrors> {
    const where = this.where(from, to, appKey);
    const [total, list] = await Promise.all([
      rows<{ n: number }>(
        this.db,
        sql`SELECT coalesce(sum(errors), 0)::float8 AS n FROM analytics_daily_script_errors WHERE ${where}`,
      ),
      rows<{ message: string; count: number; apps: string[]; last_seen: number }>(
        this.db,
        sql`SELECT min(message) AS message, sum(errors)::float8 AS count,
                   array_agg(DISTINCT app_key ORDER BY app_key) AS apps,
                   (extract(epoch FROM max(last_ts)) * 1000)::float8 AS last_seen
            FROM analytics_daily_script_errors WHERE ${where}
            GROUP BY message_hash ORDER BY count DESC, last_seen DESC LIMIT ${SCRIPT_ERROR_GROUPS}`,
      ),
    ]);
    return {
      total: total[0]?.n ?? 0,
      list: list.map((r) => ({ message: r.message, count: r.count, apps: r.apps, last_seen: Math.round(r.last_seen) })),
    };
  }

  /** What ingest refused, per day and reason (written by DropCounter). */
  async dropped({ from, to }: AnalyticsRangeQuery): Promise<AnalyticsDropped> {
    const list = await rows<{ day: string; reason: AnalyticsDropReason; batches: number; events: number }>(
      this.db,
      sql`SELECT day::text AS day, reason, batches::float8 AS batches, events::float8 AS events
          FROM analytics_dropped WHERE day BETWEEN ${from}::date AND ${to}::date ORDER BY day, reason`,
    );
    return { rows: list };
  }

  async appDetail(range: AnalyticsRangeQuery, appKey: string): Promise<AnalyticsAppDetail> {
    const where = this.where(range.from, range.to, appKey);
    const [opens, cycles, api, scriptErrors, names] = await Promise.all([
      rows<{ day: string; opens: number }>(
        this.db,
        sql`SELECT day::text AS day, opens FROM analytics_daily_opens WHERE ${where}`,
      ),
      rows<{ day: string; cycles: number; total: number; max_ms: number }>(
        this.db,
        sql`SELECT day::text AS day, cycles, total_ms::float8 AS total, max_ms::float8 AS max_ms
            FROM analytics_daily_cycles WHERE ${where}`,
      ),
      this.api(range, appKey),
      this.scriptErrors(range, appKey),
      this.appNames(),
    ]);
    const days = analyticsDaysOf(range.from, range.to);
    const opensByDay = new Map(opens.map((o) => [o.day, o.opens]));
    const cyclesByDay = new Map(cycles.map((c) => [c.day, c]));
    const cycleCount = cycles.reduce((s, c) => s + c.cycles, 0);
    return {
      app_key: appKey,
      app_name: names.get(appKey) ?? appKey,
      opens: {
        total: opens.reduce((s, o) => s + o.opens, 0),
        days: days.map((day) => ({ day, opens: opensByDay.get(day) ?? 0 })),
      },
      cycles: {
        cycles: cycleCount,
        avg_ms: mean(
          cycles.reduce((s, c) => s + c.total, 0),
          cycleCount,
        ),
        max_ms: cycles.reduce((m, c) => Math.max(m, c.max_ms), 0),
        days: days.map((day) => {
          const c = cyclesByDay.get(day);
          return { day, cycles: c?.cycles ?? 0, avg_ms: mean(c?.total ?? 0, c?.cycles ?? 0) };
        }),
      },
      api,
      script_errors: scriptErrors,
    };
  }

  private where(from: string, to: string, appKey?: string): SQL {
    const range = sql`day BETWEEN ${from}::date AND ${to}::date`;
    return appKey === undefined ? range : sql`${range} AND app_key = ${appKey}`;
  }

  private async appNames(): Promise<Map<string, string>> {
    const list = await this.db.select({ appKey: apps.appKey, appName: apps.appName }).from(apps);
    return new Map(list.map((a) => [a.appKey, a.appName]));
  }
}

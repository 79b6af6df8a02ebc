import { z } from 'zod';
import { envelopeSchema } from './envelope';

/** Longest date range the analytics dashboard may ask for, in days (both ends included). */
export const ANALYTICS_MAX_RANGE_DAYS = 366;

const DAY_MS = 86_400_000;

/** Days from `from` to `to`, both included; NaN for malformed dates. */
export function analyticsRangeDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** Every day of the range as YYYY-MM-DD, for zero-filled series. */
export function analyticsDaysOf(from: string, to: string): string[] {
  const days: string[] = [];
  const start = Date.parse(`${from}T00:00:00Z`);
  const count = analyticsRangeDays(from, to);
  for (let i = 0; i < count; i++) days.push(new Date(start + i * DAY_MS).toISOString().slice(0, 10));
  return days;
}

export const analyticsDaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD')
  .refine(
    (d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
    {
      message: '日期不存在',
    },
  );

/** Query of every dashboard endpoint: a calendar-day range in the configured analytics time zone. */
export const analyticsRangeQuerySchema = z
  .object({ from: analyticsDaySchema, to: analyticsDaySchema })
  .refine((q) => q.from <= q.to, { message: '结束日期不能早于开始日期', path: ['to'] })
  .refine((q) => analyticsRangeDays(q.from, q.to) <= ANALYTICS_MAX_RANGE_DAYS, {
    message: `日期范围不能超过 ${ANALYTICS_MAX_RANGE_DAYS} 天`,
    path: ['to'],
  });
export type AnalyticsRangeQuery = z.infer<typeof analyticsRangeQuerySchema>;

export const analyticsAppQuerySchema = z
  .object({ from: analyticsDaySchema, to: analyticsDaySchema, app_key: z.string().min(1).max(64) })
  .refine((q) => q.from <= q.to, { message: '结束日期不能早于开始日期', path: ['to'] })
  .refine((q) => analyticsRangeDays(q.from, q.to) <= ANALYTICS_MAX_RANGE_DAYS, {
    message: `日期范围不能超过 ${ANALYTICS_MAX_RANGE_DAYS} 天`,
    path: ['to'],
  });
export type AnalyticsAppQuery = z.infer<typeof analyticsAppQuerySchema>;

const count = z.number().int().nonnegative();
const ms = z.number().nonnegative();
/** errors / calls, 0 when there were no calls. */
const rate = z.number().min(0).max(1);

/** One day: distinct signed-in people, and browsers never signed in that day (anonymous visitors). */
export const analyticsDailyUsersSchema = z.object({ day: z.string(), users: count, anonymous: count });

/** `GET /api/analytics/admin/overview`: the KPI cards and active users per day. */
export const analyticsOverviewSchema = z.object({
  from: z.string(),
  to: z.string(),
  events: count,
  /** Highest and mean daily active users over the range: distinct signed-in people per day. */
  peak_daily_users: count,
  avg_daily_users: ms,
  /** Highest daily count of anonymous visitors (browsers never signed in that day), kept apart. */
  peak_daily_anonymous: count,
  app_opens: count,
  cycles: count,
  avg_cycle_ms: ms,
  api_calls: count,
  api_errors: count,
  api_error_rate: rate,
  script_errors: count,
  days: z.array(analyticsDailyUsersSchema),
});
export type AnalyticsOverview = z.infer<typeof analyticsOverviewSchema>;

export const analyticsAppOpenRowSchema = z.object({ app_key: z.string(), app_name: z.string(), opens: count });
/** `GET /api/analytics/admin/app-opens`: type 12 per opened app, most opened first. */
export const analyticsAppOpensSchema = z.object({ list: z.array(analyticsAppOpenRowSchema) });
export type AnalyticsAppOpens = z.infer<typeof analyticsAppOpensSchema>;

export const analyticsCycleRowSchema = z.object({
  app_key: z.string(),
  app_name: z.string(),
  cycles: count,
  avg_ms: ms,
  max_ms: ms,
});
/**
 * `GET /api/analytics/admin/cycles`: service cycles per reporting app. A cycle is one `cycle_id`
 * of one app within one calendar day; its duration is its last event's ts minus its first's.
 */
export const analyticsCyclesSchema = z.object({ list: z.array(analyticsCycleRowSchema) });
export type AnalyticsCycles = z.infer<typeof analyticsCyclesSchema>;

export const analyticsApiDaySchema = z.object({ day: z.string(), calls: count, errors: count, error_rate: rate });
export const analyticsApiPathSchema = z.object({
  path: z.string(),
  calls: count,
  errors: count,
  error_rate: rate,
  avg_ms: ms,
  max_ms: ms,
});
/**
 * `GET /api/analytics/admin/api`: type 200 results. An error is a response code present and not 0,
 * an HTTP status of 400 and above, or status 0 (no answer); `slowest` is the 20 paths (query string
 * removed) with the highest mean duration.
 */
export const analyticsApiSchema = z.object({
  calls: count,
  errors: count,
  error_rate: rate,
  days: z.array(analyticsApiDaySchema),
  slowest: z.array(analyticsApiPathSchema),
});
export type AnalyticsApi = z.infer<typeof analyticsApiSchema>;

export const analyticsScriptErrorRowSchema = z.object({
  message: z.string(),
  count,
  apps: z.array(z.string()),
  /** ms since epoch of the latest occurrence. */
  last_seen: z.number().int(),
});
/** `GET /api/analytics/admin/script-errors`: type 300 grouped by message, the 50 most frequent. */
export const analyticsScriptErrorsSchema = z.object({ total: count, list: z.array(analyticsScriptErrorRowSchema) });
export type AnalyticsScriptErrors = z.infer<typeof analyticsScriptErrorsSchema>;

export const analyticsOpensDaySchema = z.object({ day: z.string(), opens: count });
export const analyticsCycleDaySchema = z.object({ day: z.string(), cycles: count, avg_ms: ms });

/** `GET /api/analytics/admin/app?app_key=`: one app's figures over the range. */
export const analyticsAppDetailSchema = z.object({
  app_key: z.string(),
  app_name: z.string(),
  opens: z.object({ total: count, days: z.array(analyticsOpensDaySchema) }),
  cycles: z.object({ cycles: count, avg_ms: ms, max_ms: ms, days: z.array(analyticsCycleDaySchema) }),
  api: analyticsApiSchema,
  script_errors: analyticsScriptErrorsSchema,
});
export type AnalyticsAppDetail = z.infer<typeof analyticsAppDetailSchema>;

/** `POST /api/analytics/admin/rollup`: recompute pending days now (body may name a range to redo). */
export const analyticsRollupRequestSchema = z
  .object({ from: analyticsDaySchema.optional(), to: analyticsDaySchema.optional() })
  .refine((q) => (q.from === undefined) === (q.to === undefined), { message: '请同时提供开始和结束日期', path: ['to'] })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: '结束日期不能早于开始日期', path: ['to'] })
  .refine((q) => !q.from || !q.to || analyticsRangeDays(q.from, q.to) <= ANALYTICS_MAX_RANGE_DAYS, {
    message: `日期范围不能超过 ${ANALYTICS_MAX_RANGE_DAYS} 天`,
    path: ['to'],
  });
export type AnalyticsRollupRequest = z.infer<typeof analyticsRollupRequestSchema>;
export const analyticsRollupResultSchema = z.object({ days: count });
export type AnalyticsRollupResult = z.infer<typeof analyticsRollupResultSchema>;

export const analyticsOverviewResponseSchema = envelopeSchema(analyticsOverviewSchema);
export const analyticsAppOpensResponseSchema = envelopeSchema(analyticsAppOpensSchema);
export const analyticsCyclesResponseSchema = envelopeSchema(analyticsCyclesSchema);
export const analyticsApiResponseSchema = envelopeSchema(analyticsApiSchema);
export const analyticsScriptErrorsResponseSchema = envelopeSchema(analyticsScriptErrorsSchema);
export const analyticsAppDetailResponseSchema = envelopeSchema(analyticsAppDetailSchema);

/** Why ingest refused events: per-client rate limit, server overload, the global budget, the name cap. */
export const ANALYTICS_DROP_REASONS = ['rate_limit', 'overload', 'budget_minute', 'budget_day', 'name_cap'] as const;
export type AnalyticsDropReason = (typeof ANALYTICS_DROP_REASONS)[number];

/** `GET /api/analytics/admin/dropped`: refused batches and events per day and reason. */
export const analyticsDroppedSchema = z.object({
  rows: z.array(
    z.object({
      day: z.string(),
      reason: z.enum(ANALYTICS_DROP_REASONS),
      batches: z.number().int().nonnegative(),
      events: z.number().int().nonnegative(),
    }),
  ),
});
export type AnalyticsDropped = z.infer<typeof analyticsDroppedSchema>;

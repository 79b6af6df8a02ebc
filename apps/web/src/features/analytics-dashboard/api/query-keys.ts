import type { AnalyticsRangeQuery } from '@portal/contract';

/** Every dashboard query starts with this key, so a rollup can refresh them all at once. */
export const ANALYTICS_QUERY_ROOT = ['analytics-dashboard'] as const;

export const analyticsQueryKey = (name: string, range: AnalyticsRangeQuery, ...rest: string[]) =>
  [...ANALYTICS_QUERY_ROOT, name, range.from, range.to, ...rest] as const;

/** Rollups change at most once a minute; refetching sooner only repeats the same figures. */
export const ANALYTICS_STALE_MS = 60_000;

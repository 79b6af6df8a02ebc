import { bigint, date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/** API results (type 200) per day × reporting app × path (query string removed). */
export const analyticsDailyApi = pgTable(
  'analytics_daily_api',
  {
    day: date('day', { mode: 'string' }).notNull(),
    appKey: text('app_key').notNull(),
    path: text('path').notNull(),
    calls: integer('calls').notNull(),
    errors: integer('errors').notNull(),
    totalMs: bigint('total_ms', { mode: 'number' }).notNull(),
    maxMs: bigint('max_ms', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.appKey, t.path] })],
);

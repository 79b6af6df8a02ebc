import { bigint, date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/** Service cycles per day × reporting app; a cycle's duration is its last event's ts minus its first's. */
export const analyticsDailyCycles = pgTable(
  'analytics_daily_cycles',
  {
    day: date('day', { mode: 'string' }).notNull(),
    appKey: text('app_key').notNull(),
    cycles: integer('cycles').notNull(),
    totalMs: bigint('total_ms', { mode: 'number' }).notNull(),
    maxMs: bigint('max_ms', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.appKey] })],
);

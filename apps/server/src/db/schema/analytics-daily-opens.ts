import { date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/** App opens (type 12) per day × opened app, with that day's distinct openers. */
export const analyticsDailyOpens = pgTable(
  'analytics_daily_opens',
  {
    day: date('day', { mode: 'string' }).notNull(),
    appKey: text('app_key').notNull(),
    opens: integer('opens').notNull(),
    users: integer('users').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.appKey] })],
);

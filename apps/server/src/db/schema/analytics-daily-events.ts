import { date, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';

/** Events per day × reporting app × type. */
export const analyticsDailyEvents = pgTable(
  'analytics_daily_events',
  {
    day: date('day', { mode: 'string' }).notNull(),
    appKey: text('app_key').notNull(),
    type: smallint('type').notNull(),
    events: integer('events').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.appKey, t.type] })],
);

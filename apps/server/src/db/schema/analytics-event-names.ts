import { date, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/** Custom event names (detail.key) seen per reporting app and day, so their number can be capped. */
export const analyticsEventNames = pgTable(
  'analytics_event_names',
  {
    day: date('day', { mode: 'string' }).notNull(),
    appKey: text('app_key').notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.appKey, t.name] })],
);

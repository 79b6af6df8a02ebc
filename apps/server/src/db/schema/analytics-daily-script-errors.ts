import { date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Script errors (type 300) per day × reporting app × message; keyed by the message's md5 to stay within index limits. */
export const analyticsDailyScriptErrors = pgTable(
  'analytics_daily_script_errors',
  {
    day: date('day', { mode: 'string' }).notNull(),
    appKey: text('app_key').notNull(),
    messageHash: text('message_hash').notNull(),
    message: text('message').notNull(),
    errors: integer('errors').notNull(),
    lastTs: timestamp('last_ts', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.appKey, t.messageHash] })],
);

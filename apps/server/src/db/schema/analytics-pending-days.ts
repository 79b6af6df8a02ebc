import { date, pgTable } from 'drizzle-orm/pg-core';

/** Days that received events since their rollup was last computed; the rollup job drains it. */
export const analyticsPendingDays = pgTable('analytics_pending_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
});

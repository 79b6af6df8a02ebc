import { date, integer, pgTable } from 'drizzle-orm/pg-core';

/** Distinct active people per day: the signed-in user id, else the claimed user id, else the anonymous id. */
export const analyticsDailyUsers = pgTable('analytics_daily_users', {
  day: date('day', { mode: 'string' }).primaryKey(),
  users: integer('users').notNull(),
  signedIn: integer('signed_in').notNull(),
});

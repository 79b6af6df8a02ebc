import { date, integer, pgTable } from 'drizzle-orm/pg-core';

/**
 * Active people per day: `users` counts distinct signed-in people (the verified user id, else the
 * id the page claimed); `anonymous` counts browsers (anonymous ids) never signed in that day.
 */
export const analyticsDailyUsers = pgTable('analytics_daily_users', {
  day: date('day', { mode: 'string' }).primaryKey(),
  users: integer('users').notNull(),
  anonymous: integer('anonymous').notNull().default(0),
});

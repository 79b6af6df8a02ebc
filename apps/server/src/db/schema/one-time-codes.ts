import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Codes handed to external apps (blueaicode / jump code); stored hashed, redeemed once. */
export const oneTimeCodes = pgTable('one_time_codes', {
  codeHash: text('code_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  appKey: text('app_key').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
export type OneTimeCode = typeof oneTimeCodes.$inferSelect;
export type NewOneTimeCode = typeof oneTimeCodes.$inferInsert;

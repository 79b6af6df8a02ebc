import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Answers being generated right now, one row each, whatever the module: which process owns the
 * generation and until when its lease runs. A row whose owner died (its lease ran out, or its pid
 * is gone on this host) marks the answer incomplete; a stop request from any replica is a flag the
 * owner reads at each lease renewal.
 */
export const generations = pgTable('generations', {
  messageId: text('message_id').primaryKey(),
  /** The answer store (module) that holds the message, e.g. `chat`. */
  store: text('store').notNull(),
  owner: text('owner'),
  ownerHost: text('owner_host'),
  ownerPid: integer('owner_pid'),
  leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull(),
  stopRequested: boolean('stop_requested').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export type GenerationRow = typeof generations.$inferSelect;

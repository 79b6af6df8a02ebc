import type { MarketingSections } from '@portal/contract';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Saved case analyses. A snapshot of the analysis (content and sections) so a saved case stays
 * comparable after its conversation is deleted; one row per user and analysis.
 */
export const marketingCollections = pgTable(
  'marketing_collections',
  {
    /** The public collect_id. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    messageId: text('message_id').notNull(),
    convId: text('conv_id').notNull(),
    title: text('title').notNull(),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    note: text('note').notNull().default(''),
    content: text('content').notNull(),
    sections: jsonb('sections').$type<MarketingSections>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('marketing_collections_user_message_idx').on(t.userId, t.messageId),
    index('marketing_collections_user_created_idx').on(t.userId, t.createdAt),
  ],
);
export type MarketingCollectionRow = typeof marketingCollections.$inferSelect;

import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Conversations of the marketing module (案例分析): campaign descriptions and their analyses. */
export const marketingConversations = pgTable(
  'marketing_conversations',
  {
    /** The public conv_id. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('marketing_conversations_user_updated_idx').on(t.userId, t.updatedAt)],
);
export type MarketingConversationRow = typeof marketingConversations.$inferSelect;

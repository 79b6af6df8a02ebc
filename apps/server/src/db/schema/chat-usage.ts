import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * One row per accepted question. Kept apart from the messages so that deleting a conversation
 * does not give the asks back.
 */
export const chatUsage = pgTable(
  'chat_usage',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    module: text('module').notNull(),
    convId: text('conv_id').notNull(),
    messageId: text('message_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_usage_user_module_created_idx').on(t.userId, t.module, t.createdAt)],
);

import type { z } from 'zod';
import type { feedbackValueSchema } from '@portal/contract';
import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { chatMessages } from './chat-messages';

export const messageFeedback = pgTable(
  'message_feedback',
  {
    messageId: text('message_id')
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    /** like or dislike, never both; null after unlike/undislike. */
    value: text('value').$type<z.infer<typeof feedbackValueSchema>>(),
    copyCount: integer('copy_count').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId] })],
);
export type MessageFeedbackRow = typeof messageFeedback.$inferSelect;

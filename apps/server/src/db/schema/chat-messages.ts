import type { Citation, MessageRole, MessageStatus } from '@portal/contract';
import { bigserial, doublePrecision, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { conversations } from './conversations';

export const chatMessages = pgTable(
  'chat_messages',
  {
    /** The public message_id. */
    id: text('id').primaryKey(),
    /** Insertion order; a question and its answer share a timestamp, so order by this. */
    seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
    convId: text('conv_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    role: text('role').$type<MessageRole>().notNull(),
    content: text('content').notNull().default(''),
    reasoning: text('reasoning').notNull().default(''),
    citations: jsonb('citations').$type<Citation[]>(),
    status: text('status').$type<MessageStatus>().notNull(),
    modelType: integer('model_type'),
    temperature: doublePrecision('temperature'),
    finishReason: text('finish_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chat_messages_conv_seq_idx').on(t.convId, t.seq),
    index('chat_messages_status_updated_idx').on(t.status, t.updatedAt),
  ],
);
export type ChatMessageRow = typeof chatMessages.$inferSelect;
export type NewChatMessageRow = typeof chatMessages.$inferInsert;

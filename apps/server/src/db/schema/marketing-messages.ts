import type { MarketingSections, MessageRole, MessageStatus } from '@portal/contract';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { marketingConversations } from './marketing-conversations';

/** A file attached to a description: what the prompt names and the thread shows. */
export interface MarketingAttachmentRef {
  fileId: string;
  name: string;
  mime: string;
  /** A document's text as it went into the prompt (bounded), kept so follow-ups see it again. */
  excerpt?: string;
  /** Why a document's text is missing (still parsing, failed), as told to the model. */
  unread?: string;
}

export const marketingMessages = pgTable(
  'marketing_messages',
  {
    /** The public message_id. */
    id: text('id').primaryKey(),
    /** Insertion order; a description and its analysis share a timestamp. */
    seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
    convId: text('conv_id')
      .notNull()
      .references(() => marketingConversations.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    role: text('role').$type<MessageRole>().notNull(),
    content: text('content').notNull().default(''),
    attachments: jsonb('attachments').$type<MarketingAttachmentRef[]>().notNull().default([]),
    /** The frame's sections, parsed from a finished analysis. */
    sections: jsonb('sections').$type<MarketingSections>(),
    status: text('status').$type<MessageStatus>().notNull(),
    finishReason: text('finish_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('marketing_messages_conv_seq_idx').on(t.convId, t.seq)],
);
export type MarketingMessageRow = typeof marketingMessages.$inferSelect;

import type {
  DocCitation,
  IndustryBrief,
  ReportComparison,
  MessageRole,
  MessageStatus,
  ReportMessageKind,
} from '@portal/contract';
import { bigserial, boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { files } from './files';
import { users } from './users';

/** Shared categories of the industry report library (行业分析报告); administrators manage them. */
export const reportCategories = pgTable('report_categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export type ReportCategoryRow = typeof reportCategories.$inferSelect;

/**
 * A report of the library: a PDF in the document pipeline (collection `report`). Shared reports
 * (category set) are visible to everyone who may open the app; own reports only to their owner.
 */
export const reports = pgTable(
  'reports',
  {
    id: text('id').primaryKey(),
    fileId: text('file_id')
      .notNull()
      .unique()
      .references(() => files.id, { onDelete: 'cascade' }),
    /** Null for a user's own upload. */
    categoryId: integer('category_id').references(() => reportCategories.id, { onDelete: 'cascade' }),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    source: text('source').notNull().default(''),
    /** Publication date YYYY-MM-DD or ''. */
    date: text('date').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reports_category_idx').on(t.categoryId), index('reports_owner_idx').on(t.ownerId)],
);
export type ReportRow = typeof reports.$inferSelect;

/** A conversation over one or several reports; the report ids stay even when a report is deleted. */
export const reportConversations = pgTable(
  'report_conversations',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    reportIds: jsonb('report_ids').$type<string[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('report_conversations_user_idx').on(t.userId, t.updatedAt)],
);
export type ReportConversationRow = typeof reportConversations.$inferSelect;

export const reportMessages = pgTable(
  'report_messages',
  {
    id: text('id').primaryKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => reportConversations.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    role: text('role').$type<MessageRole>().notNull(),
    kind: text('kind').$type<ReportMessageKind>().notNull().default('answer'),
    content: text('content').notNull().default(''),
    citations: jsonb('citations').$type<DocCitation[]>().notNull().default([]),
    brief: jsonb('brief').$type<IndustryBrief>(),
    comparison: jsonb('comparison').$type<ReportComparison>(),
    status: text('status').$type<MessageStatus>().notNull(),
    demo: boolean('demo').notNull().default(false),
    finishReason: text('finish_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('report_messages_conversation_seq_idx').on(t.conversationId, t.seq)],
);
export type ReportMessageRow = typeof reportMessages.$inferSelect;

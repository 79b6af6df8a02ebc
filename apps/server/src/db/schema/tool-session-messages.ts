import type {
  DocCitation,
  FEEDBACK_VALUES,
  MessageRole,
  MessageStatus,
  SessionAskParsed,
  SessionMessageData,
  SessionMessageKind,
  SessionStreamPhase,
} from '@portal/contract';
import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { toolSessions } from './tool-sessions';

export const toolSessionMessages = pgTable(
  'tool_session_messages',
  {
    /** The public message_id. */
    id: text('id').primaryKey(),
    /** Insertion order; a question and its answer share a timestamp. */
    seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
    sessionId: text('session_id')
      .notNull()
      .references(() => toolSessions.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    role: text('role').$type<MessageRole>().notNull(),
    kind: text('kind').$type<SessionMessageKind>().notNull().default('answer'),
    content: text('content').notNull().default(''),
    citations: jsonb('citations').$type<DocCitation[]>().notNull().default([]),
    /** Structured result (idea round, summary, insight report); null while generating or when invalid. */
    data: jsonb('data').$type<SessionMessageData>(),
    /** The ask as accepted (on the answer row), so an asynchronous job can generate it later. */
    request: jsonb('request').$type<SessionAskParsed>(),
    status: text('status').$type<MessageStatus>().notNull(),
    demo: boolean('demo').notNull().default(false),
    finishReason: text('finish_reason'),
    /** What a generating answer does besides writing text ('repairing' its structured reply); null otherwise. */
    phase: text('phase').$type<SessionStreamPhase>(),
    /** The owner's 点赞 / 点踩 of an answer; null when none. */
    feedback: text('feedback').$type<(typeof FEEDBACK_VALUES)[number]>(),
    /** How often the answer was copied. */
    copyCount: integer('copy_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tool_session_messages_session_seq_idx').on(t.sessionId, t.seq)],
);
export type ToolSessionMessageRow = typeof toolSessionMessages.$inferSelect;
export type NewToolSessionMessageRow = typeof toolSessionMessages.$inferInsert;

import type { MindNode, SearchCitation, SearchExecutionStatus, SearchStep, SearchWorkflowKind } from '@portal/contract';
import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Research sessions of the search service (section 3: session_id, session_name, exec_id). */
export const searchSessions = pgTable(
  'search_sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    appDoi: text('app_doi').notNull(),
    name: text('name').notNull(),
    /** The latest execution, shown as exec_id. */
    execId: text('exec_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('search_sessions_user_updated_idx').on(t.userId, t.updatedAt)],
);
export type SearchSessionRow = typeof searchSessions.$inferSelect;

export interface SearchBudget {
  max_seconds: number;
  max_tokens: number;
  max_pages: number;
}
export interface SearchUsage {
  seconds: number;
  tokens: number;
  pages: number;
}

/** One run of a workflow: its steps, budget and results; run step by step by a durable job. */
export const searchExecutions = pgTable(
  'search_executions',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => searchSessions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workflowId: text('workflow_id').notNull(),
    kind: text('kind').$type<SearchWorkflowKind>().notNull(),
    status: text('status').$type<SearchExecutionStatus>().notNull().default('waiting'),
    query: text('query').notNull().default(''),
    plan: jsonb('plan').$type<string[]>().notNull().default([]),
    steps: jsonb('steps').$type<SearchStep[]>().notNull(),
    budget: jsonb('budget').$type<SearchBudget>().notNull(),
    usage: jsonb('usage').$type<SearchUsage>().notNull(),
    /** Candidates found by the search step, read by the read step. */
    candidates: jsonb('candidates').$type<unknown[]>().notNull().default([]),
    summary: text('summary'),
    summaryMode: text('summary_mode').$type<'model' | 'extractive'>(),
    citations: jsonb('citations').$type<SearchCitation[]>(),
    mind: jsonb('mind').$type<MindNode>(),
    mindMarkdown: text('mind_markdown'),
    note: text('note'),
    error: text('error'),
    jobId: integer('job_id'),
    /** Set by interrupt on any replica; the running step sees it at its next check. */
    stopRequested: boolean('stop_requested').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('search_executions_session_idx').on(t.sessionId, t.createdAt)],
);
export type SearchExecutionRow = typeof searchExecutions.$inferSelect;

/** Every source fetched and stored with a run; a summary's [n] points at one of these. */
export const searchSources = pgTable(
  'search_sources',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    executionId: text('execution_id')
      .notNull()
      .references(() => searchExecutions.id, { onDelete: 'cascade' }),
    idx: integer('idx').notNull(),
    kind: text('kind').$type<'web' | 'doc'>().notNull(),
    title: text('title').notNull(),
    url: text('url').notNull(),
    site: text('site').notNull(),
    snippet: text('snippet').notNull(),
    passage: text('passage').notNull().default(''),
    /** The readable text as fetched (bounded), which citations are checked against. */
    content: text('content').notNull(),
  },
  (t) => [uniqueIndex('search_sources_execution_idx').on(t.executionId, t.idx)],
);
export type SearchSourceRow = typeof searchSources.$inferSelect;

/** A session's chat history: the questions (USER) and the summaries (SYS). */
export const searchMessages = pgTable(
  'search_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => searchSessions.id, { onDelete: 'cascade' }),
    execId: text('exec_id'),
    initiator: text('initiator').$type<'USER' | 'SYS'>().notNull(),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('search_messages_session_idx').on(t.sessionId, t.id)],
);
export type SearchMessageRow = typeof searchMessages.$inferSelect;

/** A web page or an uploaded file added to a session as a source, parsed by the document pipeline. */
export const searchParses = pgTable(
  'search_parses',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => searchSessions.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    kind: text('kind').$type<'url' | 'file'>().notNull(),
    url: text('url'),
    fileId: text('file_id'),
    title: text('title').notNull(),
    /** Set when the page could not be fetched; otherwise the document's own status counts. */
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('search_parses_session_idx').on(t.sessionId)],
);
export type SearchParseRow = typeof searchParses.$inferSelect;

import type { MessageStatus } from '@portal/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import type { StoppableStore } from './stop-answer';
import type { AnswerState } from './types';

/**
 * A module's table of messages, as the runner writes answers into it: every module keeps its
 * answers in rows with these columns, under these names (the type is the column mapping).
 */
export type AnswerTable = PgTable & {
  id: AnyPgColumn;
  status: AnyPgColumn;
  content: AnyPgColumn;
  finishReason: AnyPgColumn;
  updatedAt: AnyPgColumn;
  $inferSelect: { status: MessageStatus };
};

/** Values of a module's own columns, set beside the shared ones. */
export type AnswerColumns<T extends AnswerTable> = Partial<T['$inferInsert']>;

/** What a module says about its answer rows; the store does the writing. */
export interface AnswerTableSpec<T extends AnswerTable> {
  /** Names the store in the `generations` table (the module). */
  kind: string;
  table: T;
  /** A growing answer's own columns beside its text, saved with it and with the final answer (chat: reasoning). */
  progress?(state: AnswerState): AnswerColumns<T>;
  /**
   * What a final answer stores beside its status and text; may replace the text (a structured
   * reply stored as its rendering).
   */
  final?(messageId: string, status: MessageStatus, state: AnswerState): AnswerColumns<T>;
  /** Columns reset whenever an answer stops generating, however it ends (a phase). */
  closed?: AnswerColumns<T>;
}

/**
 * The answer store of a module, built from its table: what the runner writes (progress, the final
 * answer, dead owners' answers), what a stop and a follower read, the row by id. A module's own
 * store extends it with its queries; a module supplies its prompts and serialisation, not this.
 */
export class AnswerTableStore<T extends AnswerTable> implements StoppableStore<T['$inferSelect']> {
  readonly kind: string;

  constructor(
    protected readonly db: Db,
    private readonly spec: AnswerTableSpec<T>,
  ) {
    this.kind = spec.kind;
  }

  private get table(): AnswerTable {
    return this.spec.table;
  }

  /** One statement's changes to this table (drizzle cannot check a generic table's columns). */
  private update(values: AnswerColumns<T> & { updatedAt: Date }) {
    return this.db.update(this.table).set(values as PgUpdateSetSource<AnswerTable>);
  }

  private generating(id: string) {
    return and(eq(this.table.id, id), eq(this.table.status, 'generating'));
  }

  async saveProgress(id: string, state: AnswerState): Promise<void> {
    const values = { content: state.content, ...this.spec.progress?.(state), updatedAt: new Date() };
    await this.update(values as AnswerColumns<T> & { updatedAt: Date }).where(this.generating(id));
  }

  async finish(id: string, status: MessageStatus, state: AnswerState, finishReason?: string): Promise<void> {
    const values = {
      status,
      content: state.content,
      ...this.spec.progress?.(state),
      finishReason: finishReason ?? null,
      ...this.spec.closed,
      ...this.spec.final?.(id, status, state),
      updatedAt: new Date(),
    };
    await this.update(values as AnswerColumns<T> & { updatedAt: Date }).where(eq(this.table.id, id));
  }

  /** Closes an answer that no generation will finish; a final answer is left alone. */
  async closeIfGenerating(id: string, status: Exclude<MessageStatus, 'generating'>): Promise<void> {
    const values = { status, ...this.spec.closed, updatedAt: new Date() };
    await this.update(values as AnswerColumns<T> & { updatedAt: Date }).where(this.generating(id));
  }

  /** Answers whose generation's owner died: they will never finish. */
  async markIncomplete(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    const values = { status: 'incomplete', ...this.spec.closed, updatedAt: new Date() };
    await this.update(values as AnswerColumns<T> & { updatedAt: Date }).where(
      and(inArray(this.table.id, ids), eq(this.table.status, 'generating')),
    );
  }

  async row(id: string): Promise<T['$inferSelect'] | undefined> {
    const [row] = await this.db.select().from(this.table).where(eq(this.table.id, id)).limit(1);
    return row as T['$inferSelect'] | undefined;
  }

  async status(id: string): Promise<MessageStatus | undefined> {
    const [row] = await this.db
      .select({ status: this.table.status })
      .from(this.table)
      .where(eq(this.table.id, id))
      .limit(1);
    return row?.status as MessageStatus | undefined;
  }
}

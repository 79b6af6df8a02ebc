import type { DocCitation, IndustryBrief, ReportComparison, ReportMessage, ReportMessageKind } from '@portal/contract';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  reportConversations,
  reportMessages,
  type ReportConversationRow,
  type ReportMessageRow,
} from '../../db/schema';
import { newId } from '../../lib/ids';
import { resourceGone } from '../../lib/resource-gone';
import { AnswerTableStore } from '../../services/answers';
import type { ChatTurn } from '../../services/llm';
import type { UsageService } from '../../services/usage';

const HISTORY_ROWS = 12;

export function toReportMessage(row: ReportMessageRow): ReportMessage {
  return {
    message_id: row.id,
    conversation_id: row.conversationId,
    role: row.role === 'user' ? 'user' : 'assistant',
    kind: row.kind,
    content: row.content,
    citations: row.citations,
    brief: row.brief ?? null,
    comparison: row.comparison ?? null,
    status: row.status,
    demo: row.demo,
    created_at: row.createdAt.toISOString(),
  };
}

/** Report conversations and their messages; the answer runner writes answers through the store built from their table. */
export class ReportConversationStore extends AnswerTableStore<typeof reportMessages> {
  constructor(db: Db) {
    super(db, { kind: 'report', table: reportMessages });
  }

  async create(userId: number, title: string, reportIds: string[]): Promise<ReportConversationRow> {
    const [row] = await this.db
      .insert(reportConversations)
      .values({ id: newId(), userId, title, reportIds })
      .returning();
    return row!;
  }

  /** The user's conversation; another user's id answers like an unknown one. */
  async get(userId: number, id: string): Promise<ReportConversationRow> {
    const [row] = await this.db
      .select()
      .from(reportConversations)
      .where(and(eq(reportConversations.id, id), eq(reportConversations.userId, userId)));
    if (!row) throw resourceGone();
    return row;
  }

  async list(userId: number): Promise<ReportConversationRow[]> {
    return this.db
      .select()
      .from(reportConversations)
      .where(eq(reportConversations.userId, userId))
      .orderBy(desc(reportConversations.updatedAt))
      .limit(200);
  }

  async edit(id: string, change: { title?: string; reportIds?: string[] }): Promise<ReportConversationRow> {
    const [row] = await this.db
      .update(reportConversations)
      .set({
        ...(change.title ? { title: change.title } : {}),
        ...(change.reportIds ? { reportIds: change.reportIds } : {}),
        updatedAt: new Date(),
      })
      .where(eq(reportConversations.id, id))
      .returning();
    return row!;
  }

  async messages(conversationId: string): Promise<ReportMessageRow[]> {
    return this.db
      .select()
      .from(reportMessages)
      .where(eq(reportMessages.conversationId, conversationId))
      .orderBy(asc(reportMessages.seq));
  }

  /** A message of this user's conversations, or undefined. */
  async findOwned(userId: number, messageId: string): Promise<ReportMessageRow | undefined> {
    const [row] = await this.db
      .select()
      .from(reportMessages)
      .where(and(eq(reportMessages.id, messageId), eq(reportMessages.userId, userId)));
    return row;
  }

  /**
   * Stores the question and its empty answer together, before any model call. With `usage`, the
   * ask is counted against the user's report quota in the same transaction (4030 when used up).
   */
  async insertTurn(input: {
    conversationId: string;
    userId: number;
    question: string;
    kind: ReportMessageKind;
    citations: DocCitation[];
    demo: boolean;
    usage?: UsageService;
  }): Promise<[ReportMessageRow, ReportMessageRow]> {
    const common = { conversationId: input.conversationId, userId: input.userId };
    const questionId = newId();
    const rows = await this.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      await input.usage?.reserve(db, input.userId, 'report');
      const inserted = await tx
        .insert(reportMessages)
        .values([
          { ...common, id: questionId, role: 'user', kind: input.kind, content: input.question, status: 'done' },
          {
            ...common,
            id: newId(),
            role: 'assistant',
            kind: input.kind,
            citations: input.citations,
            demo: input.demo,
            status: 'generating',
            content: '',
          },
        ])
        .returning();
      await input.usage?.record(db, {
        userId: input.userId,
        module: 'report',
        convId: input.conversationId,
        messageId: questionId,
      });
      await tx
        .update(reportConversations)
        .set({ updatedAt: new Date() })
        .where(eq(reportConversations.id, input.conversationId));
      return inserted;
    });
    return [rows.find((r) => r.id === questionId)!, rows.find((r) => r.id !== questionId)!];
  }

  /** Earlier question/answer turns of plain answers, for follow-ups. */
  async history(conversationId: string, beforeSeq: number): Promise<ChatTurn[]> {
    const rows = await this.db
      .select({ role: reportMessages.role, content: reportMessages.content })
      .from(reportMessages)
      .where(
        and(
          eq(reportMessages.conversationId, conversationId),
          eq(reportMessages.kind, 'answer'),
          sql`${reportMessages.seq} < ${beforeSeq}`,
        ),
      )
      .orderBy(desc(reportMessages.seq))
      .limit(HISTORY_ROWS);
    return rows
      .reverse()
      .filter((r) => r.content.length > 0)
      .map((r) => ({ role: r.role, content: r.content }));
  }

  /** Empties an answer to be written again (a brief whose first reply was malformed). */
  async restart(id: string): Promise<void> {
    await this.db
      .update(reportMessages)
      .set({ status: 'generating', content: '', updatedAt: new Date() })
      .where(eq(reportMessages.id, id));
  }

  /** The final text and structure of a brief or comparison, once the reply was checked (or replaced by the fallback). */
  async complete(
    id: string,
    change: { content: string; brief?: IndustryBrief | null; comparison?: ReportComparison | null },
  ): Promise<void> {
    await this.db
      .update(reportMessages)
      .set({ status: 'done', ...change, updatedAt: new Date() })
      .where(eq(reportMessages.id, id));
  }
}

import type {
  FeedbackAction,
  FeedbackState,
  DocCitation,
  MessageStatus,
  SessionAskParsed,
  SessionModule,
  SessionMessageData,
  SessionMessageKind,
  SessionStreamPhase,
} from '@portal/contract';
import { and, asc, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { toolSessionMessages, toolSessions, type ToolSessionMessageRow } from '../../db/schema';
import { AnswerTableStore } from '../../services/answers';
import type { ChatTurn } from '../../services/llm';
import { newId } from '../../lib/ids';

/** Turns a finished reply into its stored text and structured data (if any); null keeps the reply as it is. */
export type Finalizer = (text: string) => { content: string; data: SessionMessageData | null } | null;

/** Turns of history a follow-up sees; the gateway trims them by size. */
const HISTORY_ROWS = 20;

/** What a final answer stores: a done one through its finalizer, if it has one; otherwise its text as it is. */
function finalColumns(finalize: Finalizer | undefined, status: MessageStatus, text: string) {
  const result = status === 'done' ? finalize?.(text) : null;
  return result ? { content: result.content, data: result.data } : {};
}

/** Messages of the session tools; the answer runner writes answers through the store built from their table. */
export class SessionMessageStore extends AnswerTableStore<typeof toolSessionMessages> {
  /**
   * How a finished reply becomes its stored result, per answer generated in this process: applied
   * in the same UPDATE that sets `done`, so a poller never sees a done answer without its data.
   */
  private readonly finalizers: Map<string, Finalizer>;

  constructor(db: Db) {
    const finalizers = new Map<string, Finalizer>();
    super(db, {
      kind: 'sessions',
      table: toolSessionMessages,
      // The repair phase ends with the answer, however it ends.
      closed: { phase: null },
      final: (id, status, state) => finalColumns(finalizers.get(id), status, state.content),
    });
    this.finalizers = finalizers;
  }

  /** Registers the finalizer of an answer about to be generated here; call the returned function when done. */
  withFinalizer(id: string, finalize: Finalizer): () => void {
    this.finalizers.set(id, finalize);
    return () => this.finalizers.delete(id);
  }

  /** Page 1 is the newest `pageSize` messages; each page is returned oldest first. */
  async page(
    sessionId: string,
    page: number,
    pageSize: number,
  ): Promise<{ rows: ToolSessionMessageRow[]; total: number }> {
    const where = eq(toolSessionMessages.sessionId, sessionId);
    const [totals] = await this.db.select({ n: count() }).from(toolSessionMessages).where(where);
    const rows = await this.db
      .select()
      .from(toolSessionMessages)
      .where(where)
      .orderBy(desc(toolSessionMessages.seq))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    return { rows: rows.reverse(), total: totals?.n ?? 0 };
  }

  /** A message of this user within one module's sessions. */
  async findOwned(
    userId: number,
    module: SessionModule,
    messageId: string,
  ): Promise<ToolSessionMessageRow | undefined> {
    const [found] = await this.db
      .select({ row: toolSessionMessages })
      .from(toolSessionMessages)
      .innerJoin(toolSessions, eq(toolSessions.id, toolSessionMessages.sessionId))
      .where(
        and(eq(toolSessionMessages.id, messageId), eq(toolSessions.userId, userId), eq(toolSessions.module, module)),
      )
      .limit(1);
    return found?.row;
  }

  /** Applies 点赞 / 点踩 / 复制 to an answer; like and dislike exclude each other, copies are counted. */
  async feedback(row: ToolSessionMessageRow, action: FeedbackAction): Promise<FeedbackState> {
    let value = row.feedback;
    if (action === 'like' || action === 'dislike') value = action;
    else if ((action === 'unlike' && value === 'like') || (action === 'undislike' && value === 'dislike')) value = null;
    const copies = action === 'copy' ? 1 : 0;
    const [updated] = await this.db
      .update(toolSessionMessages)
      .set({ feedback: value, copyCount: sql`${toolSessionMessages.copyCount} + ${copies}` })
      .where(eq(toolSessionMessages.id, row.id))
      .returning();
    return { message_id: row.id, feedback: updated?.feedback ?? null, copy_count: updated?.copyCount ?? 0 };
  }

  /**
   * Removes a question and every later message of its session (the turns an edited question
   * replaces); nothing while an answer of the session is being written. Returns how many went.
   */
  async truncateFrom(question: ToolSessionMessageRow): Promise<number | 'generating'> {
    return this.db.transaction(async (tx) => {
      const later = and(
        eq(toolSessionMessages.sessionId, question.sessionId),
        gte(toolSessionMessages.seq, question.seq),
      );
      const [running] = await tx
        .select({ id: toolSessionMessages.id })
        .from(toolSessionMessages)
        .where(and(eq(toolSessionMessages.sessionId, question.sessionId), eq(toolSessionMessages.status, 'generating')))
        .limit(1);
      if (running) return 'generating' as const;
      const gone = await tx.delete(toolSessionMessages).where(later).returning({ id: toolSessionMessages.id });
      return gone.length;
    });
  }

  /** The question and its empty answer in one statement; `seq` keeps them in this order. */
  async insertTurn(
    db: Db,
    input: {
      sessionId: string;
      userId: number;
      question: string;
      kind: SessionMessageKind;
      citations: DocCitation[];
      request: SessionAskParsed;
      demo: boolean;
    },
  ): Promise<[ToolSessionMessageRow, ToolSessionMessageRow]> {
    const questionId = newId();
    const common = { sessionId: input.sessionId, userId: input.userId };
    const rows = await db
      .insert(toolSessionMessages)
      .values([
        { ...common, id: questionId, role: 'user', kind: 'answer', content: input.question, status: 'done' },
        {
          ...common,
          id: newId(),
          role: 'assistant',
          kind: input.kind,
          status: 'generating',
          citations: input.citations,
          request: input.request,
          demo: input.demo,
        },
      ])
      .returning();
    return [rows.find((r) => r.id === questionId)!, rows.find((r) => r.id !== questionId)!];
  }

  /** A finished assistant message that no model wrote (e.g. merged idea cards). */
  async insertDone(
    db: Db,
    input: { sessionId: string; userId: number; kind: SessionMessageKind; content: string; data: SessionMessageData },
  ): Promise<ToolSessionMessageRow> {
    const [row] = await db
      .insert(toolSessionMessages)
      .values({ ...input, id: newId(), role: 'assistant', status: 'done' })
      .returning();
    return row!;
  }

  /** The session's turns before `beforeSeq`, for follow-up questions. */
  async history(sessionId: string, beforeSeq: number): Promise<ChatTurn[]> {
    const rows = await this.db
      .select({ role: toolSessionMessages.role, content: toolSessionMessages.content })
      .from(toolSessionMessages)
      .where(
        and(
          eq(toolSessionMessages.sessionId, sessionId),
          sql`${toolSessionMessages.seq} < ${beforeSeq}`,
          eq(toolSessionMessages.kind, 'answer'),
        ),
      )
      .orderBy(desc(toolSessionMessages.seq))
      .limit(HISTORY_ROWS);
    return rows
      .reverse()
      .filter((r) => r.content.length > 0)
      .map((r) => ({ role: r.role, content: r.content }));
  }

  /** Every message with structured data of a kind, oldest first. */
  async withData(sessionId: string, kind: SessionMessageKind): Promise<ToolSessionMessageRow[]> {
    return this.db
      .select()
      .from(toolSessionMessages)
      .where(
        and(
          eq(toolSessionMessages.sessionId, sessionId),
          eq(toolSessionMessages.kind, kind),
          sql`${toolSessionMessages.data} is not null`,
        ),
      )
      .orderBy(asc(toolSessionMessages.seq));
  }

  async setData(id: string, content: string, data: SessionMessageData | null, db: Db = this.db): Promise<void> {
    await db
      .update(toolSessionMessages)
      .set({ content, data, updatedAt: new Date() })
      .where(eq(toolSessionMessages.id, id));
  }

  /**
   * Marks a generating answer as repairing its structured reply (cleared when it finishes), with
   * the text written so far when given, so the phase is never seen beside an older text.
   */
  async setPhase(id: string, phase: SessionStreamPhase | null, content?: string): Promise<void> {
    await this.db
      .update(toolSessionMessages)
      .set({ phase, ...(content === undefined ? {} : { content }), updatedAt: new Date() })
      .where(and(eq(toolSessionMessages.id, id), eq(toolSessionMessages.status, 'generating')));
  }
}

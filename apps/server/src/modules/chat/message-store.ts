import type { ChatModule } from '@portal/contract';
import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  chatMessages,
  conversations,
  messageFeedback,
  type ChatMessageRow,
  type MessageFeedbackRow,
} from '../../db/schema';
import { AnswerTableStore } from '../../services/answers';
import type { ChatTurn } from '../../services/llm';
import { rows } from '../../lib/sql-rows';
import { turnsDigest } from './turns-digest';

export interface MessagePage {
  rows: { row: ChatMessageRow; feedback: MessageFeedbackRow['value'] }[];
  total: number;
}

/** How many stored turns are read to build the history; the gateway trims them by size. */
export const HISTORY_ROWS = 200;

/** Chat messages; the answer runner writes answers through the store built from their table. */
export class MessageStore extends AnswerTableStore<typeof chatMessages> {
  constructor(db: Db) {
    super(db, {
      kind: 'chat',
      table: chatMessages,
      progress: (state) => ({ reasoning: state.reasoning, citations: state.citations ?? null }),
    });
  }

  /** Page 1 is the newest `pageSize` messages; each page is returned oldest first. */
  async page(convId: string, userId: number, page: number, pageSize: number): Promise<MessagePage> {
    const [totals] = await this.db.select({ n: count() }).from(chatMessages).where(eq(chatMessages.convId, convId));
    const rows = await this.db
      .select({ row: chatMessages, feedback: messageFeedback.value })
      .from(chatMessages)
      .leftJoin(
        messageFeedback,
        and(eq(messageFeedback.messageId, chatMessages.id), eq(messageFeedback.userId, userId)),
      )
      .where(eq(chatMessages.convId, convId))
      .orderBy(desc(chatMessages.seq))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    return { rows: rows.reverse().map((r) => ({ row: r.row, feedback: r.feedback ?? null })), total: totals?.n ?? 0 };
  }

  /** A message of this user, optionally only within one module's conversations. */
  async findOwned(
    userId: number,
    messageId: string,
    module?: ChatModule,
  ): Promise<{ row: ChatMessageRow; feedback: MessageFeedbackRow['value']; type: number } | undefined> {
    const where = [eq(chatMessages.id, messageId), eq(conversations.userId, userId)];
    if (module) where.push(eq(conversations.module, module));
    const [found] = await this.db
      .select({ row: chatMessages, type: conversations.type, feedback: messageFeedback.value })
      .from(chatMessages)
      .innerJoin(conversations, eq(conversations.id, chatMessages.convId))
      .leftJoin(
        messageFeedback,
        and(eq(messageFeedback.messageId, chatMessages.id), eq(messageFeedback.userId, userId)),
      )
      .where(and(...where))
      .limit(1);
    return found ? { row: found.row, type: found.type, feedback: found.feedback ?? null } : undefined;
  }

  /**
   * Removes a question and every later message of its conversation (the turns an edited question
   * replaces); nothing while an answer of the conversation is being written.
   */
  async truncateFrom(question: ChatMessageRow): Promise<number | 'generating'> {
    return this.db.transaction(async (tx) => {
      const [running] = await tx
        .select({ id: chatMessages.id })
        .from(chatMessages)
        .where(and(eq(chatMessages.convId, question.convId), eq(chatMessages.status, 'generating')))
        .limit(1);
      if (running) return 'generating' as const;
      const gone = await tx
        .delete(chatMessages)
        .where(and(eq(chatMessages.convId, question.convId), gte(chatMessages.seq, question.seq)))
        .returning({ id: chatMessages.id });
      return gone.length;
    });
  }

  /**
   * The turns a new question in this conversation would follow, read before the question is
   * stored: what portal_chat_ask returns as its history, less the question itself (the same rows
   * and the same filter). Undefined when the conversation is not this user's in this module.
   * Given the turns this process kept, only their digest is sent, and the turns come back only when
   * the stored ones differ; when they match, `known` itself is returned.
   */
  async turnsBeforeQuestion(
    userId: number,
    module: ChatModule,
    convId: string,
    known?: ChatTurn[],
  ): Promise<ChatTurn[] | undefined> {
    // Database functions (migrations 0007, 0008), whose plans are kept between calls.
    const args = sql`${userId}::integer, ${module}::text, ${convId}::text, ${HISTORY_ROWS - 1}::integer`;
    const call = known ? sql`portal_chat_turns(${args}, ${turnsDigest(known)}::text)` : sql`portal_chat_turns(${args})`;
    const [found] = await rows<{ turns: ChatTurn[] | true | null }>(this.db, sql`select ${call} as turns`);
    const turns = found?.turns;
    if (turns === true) return known;
    return turns ?? undefined;
  }

  /**
   * The conversation up to (and including) `uptoSeq`, as turns for the gateway: read by the
   * function the ask's statement reads them with (db/functions/chat-ask.sql).
   */
  async history(convId: string, uptoSeq: number): Promise<ChatTurn[]> {
    const [found] = await rows<{ turns: ChatTurn[] }>(
      this.db,
      sql`select portal_chat_history(${convId}::text, ${uptoSeq}::bigint, ${HISTORY_ROWS}::integer) as turns`,
    );
    return found?.turns ?? [];
  }
}

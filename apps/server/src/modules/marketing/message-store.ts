import { parseMarketingAnalysis, type MessageStatus } from '@portal/contract';
import { and, asc, desc, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { marketingMessages, type MarketingAttachmentRef, type MarketingMessageRow } from '../../db/schema';
import type { AnswerState, StoppableStore } from '../../services/answers';
import { newId } from '../../lib/ids';

/** Earlier turns read to build a prompt; the gateway trims them by size. */
const HISTORY_ROWS = 20;

/** Descriptions and analyses; the answer runner writes analyses through it. */
export class MarketingMessageStore implements StoppableStore<MarketingMessageRow> {
  readonly kind = 'marketing';

  constructor(private readonly db: Db) {}

  /** The description and its empty analysis in one statement; `seq` keeps them in this order. */
  async insertTurn(
    db: Db,
    input: { convId: string; userId: number; text: string; attachments: MarketingAttachmentRef[] },
  ): Promise<[MarketingMessageRow, MarketingMessageRow]> {
    const common = { convId: input.convId, userId: input.userId };
    const questionId = newId();
    const rows = await db
      .insert(marketingMessages)
      .values([
        {
          ...common,
          id: questionId,
          role: 'user',
          content: input.text,
          attachments: input.attachments,
          status: 'done',
        },
        { ...common, id: newId(), role: 'assistant', status: 'generating' },
      ])
      .returning();
    return [rows.find((r) => r.id === questionId)!, rows.find((r) => r.id !== questionId)!];
  }

  async listOf(convId: string): Promise<MarketingMessageRow[]> {
    return this.db
      .select()
      .from(marketingMessages)
      .where(eq(marketingMessages.convId, convId))
      .orderBy(asc(marketingMessages.seq));
  }

  /** The turns before `beforeSeq` as the model saw them (descriptions are rebuilt by the caller). */
  async historyRows(convId: string, beforeSeq: number): Promise<MarketingMessageRow[]> {
    const rows = await this.db
      .select()
      .from(marketingMessages)
      .where(and(eq(marketingMessages.convId, convId), lt(marketingMessages.seq, beforeSeq)))
      .orderBy(desc(marketingMessages.seq))
      .limit(HISTORY_ROWS);
    return rows.reverse();
  }

  /** An analysis of this user, with its conversation. */
  async findOwnedAnswer(userId: number, messageId: string): Promise<MarketingMessageRow | undefined> {
    const [row] = await this.db
      .select()
      .from(marketingMessages)
      .where(
        and(
          eq(marketingMessages.id, messageId),
          eq(marketingMessages.userId, userId),
          eq(marketingMessages.role, 'assistant'),
        ),
      )
      .limit(1);
    return row;
  }

  async saveProgress(id: string, state: AnswerState): Promise<void> {
    await this.db
      .update(marketingMessages)
      .set({ content: state.content, updatedAt: new Date() })
      .where(and(eq(marketingMessages.id, id), eq(marketingMessages.status, 'generating')));
  }

  /** A finished analysis is parsed into the frame's sections; a partial one keeps only its text. */
  async finish(id: string, status: MessageStatus, state: AnswerState, finishReason?: string): Promise<void> {
    await this.db
      .update(marketingMessages)
      .set({
        status,
        content: state.content,
        sections: status === 'done' ? parseMarketingAnalysis(state.content).sections : null,
        finishReason: finishReason ?? null,
        updatedAt: new Date(),
      })
      .where(eq(marketingMessages.id, id));
  }

  /** Closes an analysis nobody generates (a stop that found no owner). */
  async closeIfGenerating(id: string, status: Exclude<MessageStatus, 'generating'>): Promise<void> {
    await this.db
      .update(marketingMessages)
      .set({ status, updatedAt: new Date() })
      .where(and(eq(marketingMessages.id, id), eq(marketingMessages.status, 'generating')));
  }

  async markIncomplete(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .update(marketingMessages)
      .set({ status: 'incomplete', updatedAt: new Date() })
      .where(and(inArray(marketingMessages.id, ids), eq(marketingMessages.status, 'generating')));
  }

  async row(id: string): Promise<MarketingMessageRow | undefined> {
    const [row] = await this.db.select().from(marketingMessages).where(eq(marketingMessages.id, id)).limit(1);
    return row;
  }
}

import { parseMarketingAnalysis } from '@portal/contract';
import { and, asc, desc, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { marketingMessages, type MarketingAttachmentRef, type MarketingMessageRow } from '../../db/schema';
import { AnswerTableStore } from '../../services/answers';
import { newId } from '../../lib/ids';

/** Earlier turns read to build a prompt; the gateway trims them by size. */
const HISTORY_ROWS = 20;

/** Descriptions and analyses; the answer runner writes analyses through the store built from their table. */
export class MarketingMessageStore extends AnswerTableStore<typeof marketingMessages> {
  constructor(db: Db) {
    super(db, {
      kind: 'marketing',
      table: marketingMessages,
      // A finished analysis is parsed into the frame's sections; a partial one keeps only its text.
      final: (_id, status, state) => ({
        sections: status === 'done' ? parseMarketingAnalysis(state.content).sections : null,
      }),
    });
  }

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
}

import {
  brainstormMethodLabels,
  ErrorCode,
  type BrainstormRound,
  type IdeaCard,
  type IdeaMergeRequest,
  type IdeaUpdateRequest,
  type SessionMessageData,
} from '@portal/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { toolSessionMessages, type ToolSessionMessageRow } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { resourceGone } from '../../lib/resource-gone';
import type { SessionMessageStore } from './message-store';
import { renderRound } from './structured';

/**
 * The idea cards of a brainstorm session. Cards live in the rounds' messages (`data.round`);
 * keeping, dropping and rating rewrite the card in place, merging adds a round of one card.
 */
export class IdeaBoard {
  constructor(
    private readonly db: Db,
    private readonly messages: SessionMessageStore,
  ) {}

  async rounds(sessionId: string): Promise<BrainstormRound[]> {
    const rows = await this.messages.withData(sessionId, 'ideas');
    return rows.flatMap((r) => (r.data?.kind === 'ideas' ? [r.data.round] : []));
  }

  async cards(sessionId: string): Promise<IdeaCard[]> {
    return (await this.rounds(sessionId)).flatMap((r) => r.cards);
  }

  /** Rewrites one round's message under a row lock, so two edits never lose each other. */
  private async editRound(
    sessionId: string,
    cardId: string,
    edit: (round: BrainstormRound) => BrainstormRound,
  ): Promise<BrainstormRound> {
    return this.db.transaction(async (tx) => {
      const rows: ToolSessionMessageRow[] = await tx
        .select()
        .from(toolSessionMessages)
        .where(
          and(
            eq(toolSessionMessages.sessionId, sessionId),
            eq(toolSessionMessages.kind, 'ideas'),
            sql`${toolSessionMessages.data} is not null`,
          ),
        )
        .for('update');
      const row = rows.find((r) => r.data?.kind === 'ideas' && r.data.round.cards.some((c) => c.card_id === cardId));
      if (!row || row.data?.kind !== 'ideas') throw resourceGone();
      const round = edit(row.data.round);
      const data: SessionMessageData = { kind: 'ideas', round };
      await this.messages.setData(row.id, renderRound(round, row.demo), data, tx as unknown as Db);
      return round;
    });
  }

  async update(sessionId: string, patch: IdeaUpdateRequest): Promise<IdeaCard> {
    const round = await this.editRound(sessionId, patch.card_id, (r) => ({
      ...r,
      cards: r.cards.map((c) =>
        c.card_id === patch.card_id
          ? {
              ...c,
              ...(patch.state !== undefined ? { state: patch.state } : {}),
              ...(patch.rating !== undefined ? { rating: patch.rating } : {}),
            }
          : c,
      ),
    }));
    return round.cards.find((c) => c.card_id === patch.card_id)!;
  }

  /** Merges cards into one new kept card (a round of its own); the sources are dropped. */
  async merge(sessionId: string, userId: number, request: IdeaMergeRequest): Promise<IdeaCard> {
    const rounds = await this.rounds(sessionId);
    const all = rounds.flatMap((r) => r.cards);
    const ids = [...new Set(request.card_ids)];
    const sources = ids.map((id) => all.find((c) => c.card_id === id));
    if (sources.some((c) => !c)) throw resourceGone();
    const picked = sources as IdeaCard[];
    if (picked.length < 2) throw new AppError(ErrorCode.validation, '至少选择两个不同的创意进行合并');
    const round = (rounds.at(-1)?.round ?? 0) + 1;
    const card: IdeaCard = {
      card_id: `r${round}c1`,
      title: request.title ?? picked.map((c) => c.title).join(' + '),
      pitch: picked.map((c) => c.pitch).join(' '),
      why: picked.map((c) => c.why).join(' '),
      risks: [...new Set(picked.flatMap((c) => c.risks))],
      state: 'kept',
      rating: Math.max(0, ...picked.map((c) => c.rating ?? 0)) || null,
      round,
      source_card_ids: ids,
    };
    for (const id of ids) await this.update(sessionId, { session_id: sessionId, card_id: id, state: 'dropped' });
    const method = rounds.at(-1)?.method ?? 'free_association';
    const merged: BrainstormRound = { round, method, cards: [card] };
    await this.messages.insertDone(this.db, {
      sessionId,
      userId,
      kind: 'ideas',
      content: `### 合并创意\n\n**${card.title}**：由 ${picked.length} 个创意合并（${brainstormMethodLabels[method]}）`,
      data: { kind: 'ideas', round: merged },
    });
    return card;
  }
}

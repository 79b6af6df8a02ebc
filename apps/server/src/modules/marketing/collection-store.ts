import type { MarketingSections } from '@portal/contract';
import { and, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { marketingCollections, type MarketingCollectionRow } from '../../db/schema';
import { newId } from '../../lib/ids';

export interface CollectionFilter {
  tag?: string;
  keyword?: string;
  page: number;
  pageSize: number;
}

/** `%`, `_` and `\` in a search word match themselves. */
function likePattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Saved case analyses of one user; anybody else's are "not there". */
export class MarketingCollectionStore {
  constructor(private readonly db: Db) {}

  /** Saves an analysis, or updates title, tags and note when this user saved it before. */
  async save(input: {
    userId: number;
    messageId: string;
    convId: string;
    title: string;
    tags: string[];
    note: string;
    content: string;
    sections: MarketingSections;
  }): Promise<MarketingCollectionRow> {
    const now = new Date();
    const [row] = await this.db
      .insert(marketingCollections)
      .values({ id: newId(), ...input, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [marketingCollections.userId, marketingCollections.messageId],
        set: { title: input.title, tags: input.tags, note: input.note, updatedAt: now },
      })
      .returning();
    return row!;
  }

  async list(userId: number, filter: CollectionFilter): Promise<{ rows: MarketingCollectionRow[]; total: number }> {
    const where = [eq(marketingCollections.userId, userId)];
    if (filter.tag) where.push(sql`${marketingCollections.tags} @> ${JSON.stringify([filter.tag])}::jsonb`);
    if (filter.keyword) {
      const pattern = likePattern(filter.keyword);
      where.push(
        or(
          ilike(marketingCollections.title, pattern),
          ilike(marketingCollections.note, pattern),
          ilike(marketingCollections.content, pattern),
          sql`${marketingCollections.tags}::text ilike ${pattern}`,
        )!,
      );
    }
    const condition = and(...where);
    const [totals] = await this.db.select({ n: count() }).from(marketingCollections).where(condition);
    const rows = await this.db
      .select()
      .from(marketingCollections)
      .where(condition)
      .orderBy(desc(marketingCollections.createdAt), desc(marketingCollections.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize);
    return { rows, total: totals?.n ?? 0 };
  }

  /** Collect ids of these analyses, for marking saved ones in a conversation. */
  async idsByMessage(userId: number, messageIds: string[]): Promise<Map<string, string>> {
    if (messageIds.length === 0) return new Map();
    const rows = await this.db
      .select({ id: marketingCollections.id, messageId: marketingCollections.messageId })
      .from(marketingCollections)
      .where(and(eq(marketingCollections.userId, userId), inArray(marketingCollections.messageId, messageIds)));
    return new Map(rows.map((r) => [r.messageId, r.id]));
  }

  /** True when a row of this user was deleted. */
  async remove(userId: number, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(marketingCollections)
      .where(and(eq(marketingCollections.id, id), eq(marketingCollections.userId, userId)))
      .returning({ id: marketingCollections.id });
    return rows.length > 0;
  }

  async total(userId: number): Promise<{ total: number; tags: { tag: string; count: number }[] }> {
    const [totals] = await this.db
      .select({ n: count() })
      .from(marketingCollections)
      .where(eq(marketingCollections.userId, userId));
    const result = (await this.db.execute(
      sql`select t.tag::text as tag, count(*)::int as count
          from ${marketingCollections}, jsonb_array_elements_text(${marketingCollections.tags}) as t(tag)
          where ${marketingCollections.userId} = ${userId}
          group by t.tag order by count(*) desc, t.tag asc`,
    )) as unknown as { rows: { tag: string; count: number }[] };
    return { total: totals?.n ?? 0, tags: result.rows.map((r) => ({ tag: r.tag, count: Number(r.count) })) };
  }
}

import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { marketingConversations, type MarketingConversationRow } from '../../db/schema';
import { newId } from '../../lib/ids';

/** How many conversations the list returns. */
const LIST_LIMIT = 100;

/** Marketing conversations of one user; anybody else's are "not there". */
export class MarketingConversationStore {
  constructor(private readonly db: Db) {}

  async list(userId: number): Promise<MarketingConversationRow[]> {
    return this.db
      .select()
      .from(marketingConversations)
      .where(eq(marketingConversations.userId, userId))
      .orderBy(desc(marketingConversations.updatedAt), desc(marketingConversations.createdAt))
      .limit(LIST_LIMIT);
  }

  async create(db: Db, userId: number, title: string): Promise<MarketingConversationRow> {
    const now = new Date();
    const [row] = await db
      .insert(marketingConversations)
      .values({ id: newId(), userId, title, createdAt: now, updatedAt: now })
      .returning();
    return row!;
  }

  async find(userId: number, convId: string): Promise<MarketingConversationRow | undefined> {
    const [row] = await this.db
      .select()
      .from(marketingConversations)
      .where(and(eq(marketingConversations.id, convId), eq(marketingConversations.userId, userId)))
      .limit(1);
    return row;
  }

  async touch(db: Db, convId: string): Promise<void> {
    await db.update(marketingConversations).set({ updatedAt: new Date() }).where(eq(marketingConversations.id, convId));
  }
}

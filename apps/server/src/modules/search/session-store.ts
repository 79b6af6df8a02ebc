import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { searchMessages, searchSessions, type SearchMessageRow, type SearchSessionRow } from '../../db/schema';
import { newId } from '../../lib/ids';

/** Research sessions and their history; every lookup is within the caller's own rows. */
export class SearchSessionStore {
  constructor(private readonly db: Db) {}

  async list(userId: number, appDois: string[], page: number, size: number) {
    const where = and(eq(searchSessions.userId, userId), inArray(searchSessions.appDoi, appDois));
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(searchSessions)
        .where(where)
        .orderBy(desc(searchSessions.updatedAt), desc(searchSessions.id))
        .limit(size)
        .offset((page - 1) * size),
      this.db.select({ n: count() }).from(searchSessions).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  async add(userId: number, appDoi: string, name: string): Promise<SearchSessionRow> {
    const [row] = await this.db.insert(searchSessions).values({ id: newId(), userId, appDoi, name }).returning();
    return row!;
  }

  async get(userId: number, id: string): Promise<SearchSessionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(searchSessions)
      .where(and(eq(searchSessions.id, id), eq(searchSessions.userId, userId)));
    return row;
  }

  /** Renames the caller's sessions among the list; answers how many were theirs. */
  async rename(userId: number, edits: readonly { session_id: string; session_name: string }[]): Promise<number> {
    let n = 0;
    for (const edit of edits) {
      const updated = await this.db
        .update(searchSessions)
        .set({ name: edit.session_name, updatedAt: new Date() })
        .where(and(eq(searchSessions.id, edit.session_id), eq(searchSessions.userId, userId)))
        .returning({ id: searchSessions.id });
      n += updated.length;
    }
    return n;
  }

  async remove(userId: number, id: string): Promise<boolean> {
    const gone = await this.db
      .delete(searchSessions)
      .where(and(eq(searchSessions.id, id), eq(searchSessions.userId, userId)))
      .returning({ id: searchSessions.id });
    return gone.length > 0;
  }

  async touch(id: string, execId: string): Promise<void> {
    await this.db.update(searchSessions).set({ execId, updatedAt: new Date() }).where(eq(searchSessions.id, id));
  }

  async addMessage(sessionId: string, execId: string, initiator: 'USER' | 'SYS', content: string): Promise<void> {
    await this.db.insert(searchMessages).values({ sessionId, execId, initiator, content });
  }

  async history(sessionId: string): Promise<SearchMessageRow[]> {
    return this.db
      .select()
      .from(searchMessages)
      .where(eq(searchMessages.sessionId, sessionId))
      .orderBy(asc(searchMessages.id));
  }
}

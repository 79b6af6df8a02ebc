import { sessionModuleType, type BrainstormMethod, type SessionModule } from '@portal/contract';
import { and, count, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { documents, toolSessionMessages, toolSessions, type ToolSessionRow } from '../../db/schema';
import { newId } from '../../lib/ids';
import { resourceGone } from '../../lib/resource-gone';

const DEFAULT_NAMES: Record<SessionModule, string> = {
  brainstorm: '新的头脑风暴',
  insight: '新的洞察分析',
  pdf: '新的文档分析',
};

/** A name from the first words of a prompt or topic. */
export function nameFrom(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(line);
  return chars.length > 30 ? `${chars.slice(0, 30).join('')}…` : line;
}

/**
 * A session holds something once it has a topic the user typed, a message or a file. An empty one
 * (the user opened the tool and left) is neither listed nor kept: the list skips it and the next
 * create removes it.
 */
const holdsSomething: SQL = sql`(${toolSessions.topic} <> '' or exists (select 1 from ${toolSessionMessages} where ${toolSessionMessages.sessionId} = ${toolSessions.id}) or exists (select 1 from ${documents} where ${documents.collection} = ${toolSessions.id}))`;

/** An empty session older than this is removed; a younger one may still be open in another tab. */
export const EMPTY_SESSION_TTL_MS = 24 * 60 * 60 * 1000;

/** Sessions of one user and module; another user's id is the same as an unknown one. */
export class SessionStore {
  constructor(private readonly db: Db) {}

  async list(
    userId: number,
    module: SessionModule,
    page: number,
    pageSize: number,
  ): Promise<{ rows: (ToolSessionRow & { fileCount: number })[]; total: number }> {
    const where = and(eq(toolSessions.userId, userId), eq(toolSessions.module, module), holdsSomething);
    const [totals] = await this.db.select({ n: count() }).from(toolSessions).where(where);
    const rows = await this.db
      .select({
        session: toolSessions,
        fileCount: sql<number>`(select count(*)::int from ${documents} where ${documents.collection} = ${toolSessions.id})`,
      })
      .from(toolSessions)
      .where(where)
      .orderBy(desc(toolSessions.updatedAt), desc(toolSessions.createdAt))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    return { rows: rows.map((r) => ({ ...r.session, fileCount: r.fileCount })), total: totals?.n ?? 0 };
  }

  async find(userId: number, module: SessionModule, id: string): Promise<ToolSessionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(toolSessions)
      .where(and(eq(toolSessions.id, id), eq(toolSessions.userId, userId), eq(toolSessions.module, module)))
      .limit(1);
    return row;
  }

  /** For jobs, which run on behalf of the session's owner. */
  async byId(id: string): Promise<ToolSessionRow | undefined> {
    const [row] = await this.db.select().from(toolSessions).where(eq(toolSessions.id, id)).limit(1);
    return row;
  }

  async get(userId: number, module: SessionModule, id: string): Promise<ToolSessionRow> {
    const row = await this.find(userId, module, id);
    if (!row) throw resourceGone();
    return row;
  }

  async create(
    userId: number,
    module: SessionModule,
    input: { name?: string; topic?: string; method?: BrainstormMethod },
    db: Db = this.db,
  ): Promise<ToolSessionRow> {
    await this.dropEmpty(userId, module, new Date(Date.now() - EMPTY_SESSION_TTL_MS), db);
    const named = input.name?.trim() || (input.topic ? nameFrom(input.topic) : '');
    const [row] = await db
      .insert(toolSessions)
      .values({
        id: newId(),
        userId,
        module,
        type: sessionModuleType[module],
        name: named || DEFAULT_NAMES[module],
        autoName: !named,
        topic: input.topic?.trim() ?? '',
        method: input.method ?? null,
      })
      .returning();
    return row!;
  }

  /** Removes the user's sessions of a module created before `before` that never got a message or a file. */
  async dropEmpty(userId: number, module: SessionModule, before: Date, db: Db = this.db): Promise<number> {
    const gone = await db
      .delete(toolSessions)
      .where(
        and(
          eq(toolSessions.userId, userId),
          eq(toolSessions.module, module),
          lt(toolSessions.createdAt, before),
          sql`not ${holdsSomething}`,
        ),
      )
      .returning({ id: toolSessions.id });
    return gone.length;
  }

  /** Records an ask: a made-up name gives way to the first prompt, a topic is set once. */
  async touch(
    db: Db,
    session: ToolSessionRow,
    input: { prompt: string; method?: BrainstormMethod; topic?: string },
  ): Promise<ToolSessionRow> {
    const rename = session.autoName && input.prompt ? nameFrom(input.prompt) : undefined;
    const [row] = await db
      .update(toolSessions)
      .set({
        updatedAt: new Date(),
        ...(rename ? { name: rename, autoName: false } : {}),
        ...(input.method ? { method: input.method } : {}),
        ...(!session.topic && input.topic ? { topic: input.topic } : {}),
      })
      .where(eq(toolSessions.id, session.id))
      .returning();
    return row ?? session;
  }

  async rename(userId: number, module: SessionModule, id: string, name: string): Promise<ToolSessionRow> {
    const [row] = await this.db
      .update(toolSessions)
      .set({ name, autoName: false, updatedAt: new Date() })
      .where(and(eq(toolSessions.id, id), eq(toolSessions.userId, userId), eq(toolSessions.module, module)))
      .returning();
    if (!row) throw resourceGone();
    return row;
  }

  async remove(userId: number, module: SessionModule, id: string): Promise<void> {
    await this.get(userId, module, id);
    await this.db
      .delete(toolSessions)
      .where(and(eq(toolSessions.id, id), eq(toolSessions.userId, userId), eq(toolSessions.module, module)));
  }
}

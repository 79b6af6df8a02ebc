import { ErrorCode, MJ_CONVERSATION_TYPE, mjMessages, ModuleType, type ChatModule } from '@portal/contract';
import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { conversations, type ConversationRow } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { newId } from '../../lib/ids';
import { resourceGone } from '../../lib/resource-gone';
import { decodeListCursor, encodeListCursor, type ListCursor } from './list-cursor';
import { DEFAULT_TITLE } from './title';
import type { RecentTurns } from './recent-turns';

export interface NewConversation {
  title?: string;
  modelType: number;
  temperature: number;
  lang?: 0 | 1;
  enableMix?: boolean;
}

/** Conversations of one user in one module; anything else is "not there". */
export class ConversationStore {
  constructor(
    private readonly db: Db,
    /** Told of conversations created empty and removed, for the turns a question starts with. */
    private readonly recentTurns?: RecentTurns,
  ) {}

  /**
   * One page of the user's conversations, the most recently used first. The next page starts
   * strictly after the last row's (updated_at, created_at, id), so a conversation created or used
   * meanwhile moves in front of the pages already read instead of shifting a row into the next one
   * twice or out of it.
   */
  async page(
    userId: number,
    module: ChatModule,
    options: { modelType?: number; cursor?: string; size: number },
  ): Promise<{ rows: ConversationRow[]; next?: string }> {
    const where = [eq(conversations.userId, userId), eq(conversations.module, module)];
    // Conversations of another type (image conversations) have no model: a model's list leaves them out.
    if (options.modelType !== undefined) {
      where.push(eq(conversations.modelType, options.modelType), eq(conversations.type, ModuleType[module]));
    }
    const after = options.cursor === undefined ? undefined : decodeListCursor(options.cursor);
    if (after) {
      where.push(
        sql`(${conversations.updatedAt}, ${conversations.createdAt}, ${conversations.id}) < (${after.updatedAt}::timestamptz, ${after.createdAt}::timestamptz, ${after.id})`,
      );
    }
    const found = await this.db
      .select({
        ...getTableColumns(conversations),
        // The cursor keeps the database's microseconds, which a Date would round away.
        updatedAtExact: sql<string>`${utcText(conversations.updatedAt)}`,
        createdAtExact: sql<string>`${utcText(conversations.createdAt)}`,
      })
      .from(conversations)
      .where(and(...where))
      .orderBy(desc(conversations.updatedAt), desc(conversations.createdAt), desc(conversations.id))
      .limit(options.size + 1);
    const rows = found.slice(0, options.size).map(({ updatedAtExact: _u, createdAtExact: _c, ...row }) => row);
    const last = found.length > options.size ? found[options.size - 1] : undefined;
    if (!last) return { rows };
    const cursor: ListCursor = { updatedAt: last.updatedAtExact, createdAt: last.createdAtExact, id: last.id };
    return { rows, next: encodeListCursor(cursor) };
  }

  async create(userId: number, module: ChatModule, input: NewConversation, db: Db = this.db): Promise<ConversationRow> {
    const title = input.title?.trim();
    const now = new Date();
    const [row] = await db
      .insert(conversations)
      .values({
        id: newId(),
        userId,
        module,
        type: ModuleType[module],
        title: title || DEFAULT_TITLE,
        autoTitle: !title,
        modelType: input.modelType,
        lastPromptTemperature: input.temperature,
        lang: input.lang ?? null,
        enableMix: input.enableMix ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    // Committed here (not in a caller's transaction): its first question may start from no turns.
    if (db === this.db) this.recentTurns?.created(userId, module, row!.id);
    return row!;
  }

  /** The user's conversation of the module's own type (a conversation of another type is not the chat's). */
  async find(userId: number, module: ChatModule, convId: string): Promise<ConversationRow | undefined> {
    const [row] = await this.db
      .select()
      .from(conversations)
      .where(ownConversation(userId, module, convId))
      .limit(1);
    return row;
  }

  async get(userId: number, module: ChatModule, convId: string): Promise<ConversationRow> {
    const row = await this.find(userId, module, convId);
    if (!row) throw await missingConversation(this.db, userId, module, convId);
    return row;
  }

  /** Renames the user's conversation of that type (the module's own, or another kind it lists). */
  async rename(
    userId: number,
    module: ChatModule,
    convId: string,
    title: string,
    type: number = ModuleType[module],
  ): Promise<ConversationRow> {
    const [row] = await this.db
      .update(conversations)
      .set({ title, autoTitle: false, updatedAt: new Date() })
      .where(ownConversation(userId, module, convId, type))
      .returning();
    if (!row) throw resourceGone();
    return row;
  }

  /** Messages and their feedback go with it (foreign keys cascade). */
  async remove(userId: number, module: ChatModule, convId: string): Promise<void> {
    const deleted = await this.db
      .delete(conversations)
      .where(ownConversation(userId, module, convId))
      .returning({ id: conversations.id });
    this.recentTurns?.forget(userId, module, convId);
    if (deleted.length === 0) throw resourceGone();
  }
}

/**
 * Why a chat call found no conversation of the module's type: one of the user's image
 * conversations is named as such (asked only on this refusal path, so a question costs no look-up
 * more); anything else answers like an unknown id.
 */
export async function missingConversation(
  db: Db,
  userId: number,
  module: ChatModule,
  convId: string | undefined,
): Promise<AppError> {
  if (convId === undefined) return resourceGone();
  const [row] = await db
    .select({ type: conversations.type })
    .from(conversations)
    .where(and(eq(conversations.id, convId), eq(conversations.userId, userId), eq(conversations.module, module)))
    .limit(1);
  if (row?.type === MJ_CONVERSATION_TYPE) {
    return new AppError(ErrorCode.validation, mjMessages.imageConversation);
  }
  return resourceGone();
}

/** A timestamp as ISO 8601 text in UTC with microseconds: exact, and read back as the same instant. */
function utcText(column: AnyPgColumn) {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** The user's conversation of the module, of the module's own type unless another is named. */
function ownConversation(userId: number, module: ChatModule, convId: string, type: number = ModuleType[module]) {
  return and(
    eq(conversations.id, convId),
    eq(conversations.userId, userId),
    eq(conversations.module, module),
    eq(conversations.type, type),
  );
}

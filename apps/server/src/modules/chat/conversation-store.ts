import { ModuleType, type ChatModule } from '@portal/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { conversations, type ConversationRow } from '../../db/schema';
import { newId } from './ids';
import { resourceGone } from './not-found';
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

  async list(userId: number, module: ChatModule, modelType?: number): Promise<ConversationRow[]> {
    const where = [eq(conversations.userId, userId), eq(conversations.module, module)];
    if (modelType !== undefined) where.push(eq(conversations.modelType, modelType));
    return this.db
      .select()
      .from(conversations)
      .where(and(...where))
      .orderBy(desc(conversations.updatedAt), desc(conversations.createdAt));
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

  async find(userId: number, module: ChatModule, convId: string): Promise<ConversationRow | undefined> {
    const [row] = await this.db
      .select()
      .from(conversations)
      .where(and(eq(conversations.id, convId), eq(conversations.userId, userId), eq(conversations.module, module)))
      .limit(1);
    return row;
  }

  async get(userId: number, module: ChatModule, convId: string): Promise<ConversationRow> {
    const row = await this.find(userId, module, convId);
    if (!row) throw resourceGone();
    return row;
  }

  async rename(userId: number, module: ChatModule, convId: string, title: string): Promise<ConversationRow> {
    const [row] = await this.db
      .update(conversations)
      .set({ title, autoTitle: false, updatedAt: new Date() })
      .where(and(eq(conversations.id, convId), eq(conversations.userId, userId), eq(conversations.module, module)))
      .returning();
    if (!row) throw resourceGone();
    return row;
  }

  /** Messages and their feedback go with it (foreign keys cascade). */
  async remove(userId: number, module: ChatModule, convId: string): Promise<void> {
    const deleted = await this.db
      .delete(conversations)
      .where(and(eq(conversations.id, convId), eq(conversations.userId, userId), eq(conversations.module, module)))
      .returning({ id: conversations.id });
    this.recentTurns?.forget(userId, module, convId);
    if (deleted.length === 0) throw resourceGone();
  }

  /** After a question: the settings it was asked with, and a title if the conversation had none. */
  async recordAsk(
    convId: string,
    settings: { modelType: number; temperature: number; lang?: 0 | 1; enableMix?: boolean; title?: string },
    db: Db = this.db,
  ): Promise<void> {
    await db
      .update(conversations)
      .set({
        modelType: settings.modelType,
        lastPromptTemperature: settings.temperature,
        ...(settings.lang !== undefined ? { lang: settings.lang } : {}),
        ...(settings.enableMix !== undefined ? { enableMix: settings.enableMix } : {}),
        ...(settings.title ? { title: settings.title, autoTitle: false } : {}),
        updatedAt: new Date(),
      })
      .where(eq(conversations.id, convId));
  }
}

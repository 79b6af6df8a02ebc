import {
  ErrorCode,
  ErrorMessage,
  MJ_CONVERSATION_MODULE,
  MJ_CONVERSATION_TYPE,
  mjMessages as mjText,
  type AddbgWorkStatus,
} from '@portal/contract';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  conversations,
  mjImages,
  mjMessages,
  type ConversationRow,
  type MjImageRow,
  type MjMessageRow,
  type NewMjMessageRow,
} from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { newId } from '../../lib/ids';
import { resourceGone } from '../../lib/resource-gone';

/** Conversations listed at most (the most recently used). */
const CONVERSATION_LIST_MAX = 200;

/** The user's conversations of the chatgpt app, where image conversations are kept (type 1). */
function ownConversation(ownerId: number, convId: string) {
  return and(
    eq(conversations.id, convId),
    eq(conversations.userId, ownerId),
    eq(conversations.module, MJ_CONVERSATION_MODULE),
  );
}

/**
 * Image conversations, their turns and images, always looked up by owner: another's id is unknown.
 * The conversations are the chatgpt app's of type 1 (its conversation list shows them too).
 */
export class MjStore {
  constructor(private readonly db: Db) {}

  async createConversation(ownerId: number, title: string, db: Db = this.db): Promise<ConversationRow> {
    const now = new Date();
    const [row] = await db
      .insert(conversations)
      .values({
        id: newId(),
        userId: ownerId,
        module: MJ_CONVERSATION_MODULE,
        type: MJ_CONVERSATION_TYPE,
        title,
        // Named after its first prompt: a chosen title, which no later prompt replaces.
        autoTitle: false,
        // An image conversation has no chat model.
        modelType: 0,
        lastPromptTemperature: 0,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return row!;
  }

  /** The owner's image conversation; a text conversation of theirs is refused by name. */
  async conversation(ownerId: number, convId: string): Promise<ConversationRow> {
    const [row] = await this.db.select().from(conversations).where(ownConversation(ownerId, convId));
    if (!row) throw resourceGone();
    if (row.type !== MJ_CONVERSATION_TYPE) throw new AppError(ErrorCode.validation, mjText.textConversation);
    return row;
  }

  async conversations(ownerId: number): Promise<ConversationRow[]> {
    return this.db
      .select()
      .from(conversations)
      .where(
        and(
          eq(conversations.userId, ownerId),
          eq(conversations.module, MJ_CONVERSATION_MODULE),
          eq(conversations.type, MJ_CONVERSATION_TYPE),
        ),
      )
      .orderBy(desc(conversations.updatedAt), desc(conversations.id))
      .limit(CONVERSATION_LIST_MAX);
  }

  async touchConversation(convId: string, db: Db = this.db): Promise<void> {
    await db.update(conversations).set({ updatedAt: new Date() }).where(eq(conversations.id, convId));
  }

  /** Deletes the conversation (turns and image rows cascade); answers the files its images were. */
  async deleteConversation(ownerId: number, convId: string): Promise<string[]> {
    await this.conversation(ownerId, convId);
    const images = await this.db
      .select({ fileId: mjImages.fileId })
      .from(mjImages)
      .innerJoin(mjMessages, eq(mjMessages.id, mjImages.messageId))
      .where(and(eq(mjMessages.convId, convId), eq(mjImages.ownerId, ownerId)));
    await this.db
      .delete(conversations)
      .where(and(ownConversation(ownerId, convId), eq(conversations.type, MJ_CONVERSATION_TYPE)));
    return images.map((i) => i.fileId);
  }

  async insertMessage(row: NewMjMessageRow, db: Db = this.db): Promise<MjMessageRow> {
    const [inserted] = await db.insert(mjMessages).values(row).returning();
    return inserted!;
  }

  async setJob(id: string, jobId: number, db: Db = this.db): Promise<void> {
    await db.update(mjMessages).set({ jobId }).where(eq(mjMessages.id, id));
  }

  async message(ownerId: number, id: string): Promise<MjMessageRow> {
    const [row] = await this.db
      .select()
      .from(mjMessages)
      .where(and(eq(mjMessages.id, id), eq(mjMessages.ownerId, ownerId)));
    if (!row) throw resourceGone();
    return row;
  }

  async messageById(id: string): Promise<MjMessageRow | undefined> {
    const [row] = await this.db.select().from(mjMessages).where(eq(mjMessages.id, id));
    return row;
  }

  /** Page 1 holds the newest `size` turns; each page oldest first. */
  async page(convId: string, page: number, size: number): Promise<{ rows: MjMessageRow[]; total: number }> {
    const rows = await this.db
      .select()
      .from(mjMessages)
      .where(eq(mjMessages.convId, convId))
      .orderBy(desc(mjMessages.seq))
      .limit(size)
      .offset((page - 1) * size);
    const [total] = await this.db.select({ n: count() }).from(mjMessages).where(eq(mjMessages.convId, convId));
    return { rows: rows.reverse(), total: Number(total?.n ?? 0) };
  }

  /** Turns of a conversation still queued or drawn. */
  async unfinished(convId: string): Promise<MjMessageRow[]> {
    return this.db
      .select()
      .from(mjMessages)
      .where(and(eq(mjMessages.convId, convId), inArray(mjMessages.status, ['queued', 'running'])));
  }

  async setState(id: string, status: AddbgWorkStatus, progress: number, statusText: string): Promise<void> {
    await this.db
      .update(mjMessages)
      .set({ status, progress, statusText, updatedAt: new Date() })
      .where(and(eq(mjMessages.id, id), sql`${mjMessages.status} not in ('done', 'failed')`));
  }

  /** Marks the turn failed once; answers it to the one caller that should give its images back. */
  async fail(id: string, statusText: string): Promise<MjMessageRow | undefined> {
    const [row] = await this.db
      .update(mjMessages)
      .set({ status: 'failed', statusText, refunded: true, updatedAt: new Date() })
      .where(and(eq(mjMessages.id, id), eq(mjMessages.refunded, false), sql`${mjMessages.status} <> 'done'`))
      .returning();
    return row;
  }

  async addImage(row: typeof mjImages.$inferInsert): Promise<void> {
    await this.db.insert(mjImages).values(row);
  }

  /** Images of a run that did not finish, so a retry starts clean. */
  async clearImages(messageId: string): Promise<MjImageRow[]> {
    return this.db.delete(mjImages).where(eq(mjImages.messageId, messageId)).returning();
  }

  async images(messageIds: string[]): Promise<MjImageRow[]> {
    if (messageIds.length === 0) return [];
    return this.db
      .select()
      .from(mjImages)
      .where(inArray(mjImages.messageId, messageIds))
      .orderBy(asc(mjImages.position));
  }

  async image(ownerId: number, imageId: string): Promise<MjImageRow> {
    const [row] = await this.db
      .select()
      .from(mjImages)
      .where(and(eq(mjImages.id, imageId), eq(mjImages.ownerId, ownerId)));
    if (!row) throw new AppError(ErrorCode.notFound, ErrorMessage.notFound);
    return row;
  }
}

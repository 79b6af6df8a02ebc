import type { FeedbackAction, FeedbackState } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { messageFeedback } from '../../db/schema';
import type { MessageStore } from './message-store';
import { resourceGone } from '../../lib/resource-gone';

/** like/dislike are one exclusive value per user and message; copies are counted. */
export class FeedbackService {
  constructor(
    private readonly db: Db,
    private readonly messages: MessageStore,
  ) {}

  async apply(userId: number, messageId: string, action: FeedbackAction, type?: number): Promise<FeedbackState> {
    const found = await this.messages.findOwned(userId, messageId);
    if (!found || (type !== undefined && found.type !== type)) throw resourceGone();

    const current = found.feedback;
    let value: 'like' | 'dislike' | null = current;
    if (action === 'like') value = 'like';
    else if (action === 'dislike') value = 'dislike';
    else if (action === 'unlike' && current === 'like') value = null;
    else if (action === 'undislike' && current === 'dislike') value = null;
    const copies = action === 'copy' ? 1 : 0;

    const [row] = await this.db
      .insert(messageFeedback)
      .values({ messageId, userId, value, copyCount: copies })
      .onConflictDoUpdate({
        target: [messageFeedback.messageId, messageFeedback.userId],
        set: {
          value: sql`excluded.value`,
          copyCount: sql`${messageFeedback.copyCount} + ${copies}`,
          updatedAt: new Date(),
        },
      })
      .returning();
    return { message_id: messageId, feedback: row?.value ?? null, copy_count: row?.copyCount ?? 0 };
  }
}

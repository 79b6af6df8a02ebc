import type { NoticeKind, NoticeListResponse, NoticeView } from '@portal/contract';
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notices, type Notice } from '../../db/schema';

const LIST_LIMIT = 50;

export interface NewNoticeInput {
  kind: NoticeKind;
  title: string;
  body?: string;
  link?: string;
}

/** In-portal notices. Every read and write is scoped to one user id: nobody sees or marks another's. */
export class NoticeService {
  constructor(private readonly db: Db) {}

  async add(userIds: readonly number[], notice: NewNoticeInput): Promise<void> {
    const ids = [...new Set(userIds)];
    if (ids.length === 0) return;
    await this.db.insert(notices).values(
      ids.map((userId) => ({
        userId,
        kind: notice.kind,
        title: notice.title.slice(0, 200),
        body: (notice.body ?? '').slice(0, 1000),
        link: notice.link ?? '',
      })),
    );
  }

  async list(userId: number): Promise<NoticeListResponse> {
    const [rows, unread] = await Promise.all([
      this.db.select().from(notices).where(eq(notices.userId, userId)).orderBy(desc(notices.id)).limit(LIST_LIMIT),
      this.unread(userId),
    ]);
    return { list: rows.map(view), unread };
  }

  /** Marks the user's given notices (all without ids) read; ids of other people's notices are ignored. */
  async markRead(userId: number, ids?: readonly number[]): Promise<number> {
    const mine = and(eq(notices.userId, userId), isNull(notices.readAt));
    await this.db
      .update(notices)
      .set({ readAt: new Date() })
      .where(ids ? and(mine, inArray(notices.id, ids.length > 0 ? [...ids] : [-1])) : mine);
    return this.unread(userId);
  }

  private async unread(userId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(notices)
      .where(and(eq(notices.userId, userId), isNull(notices.readAt)));
    return row?.n ?? 0;
  }
}

function view(n: Notice): NoticeView {
  return {
    id: n.id,
    kind: n.kind,
    title: n.title,
    body: n.body,
    link: n.link,
    read: n.readAt !== null,
    created_at: n.createdAt.toISOString(),
  };
}

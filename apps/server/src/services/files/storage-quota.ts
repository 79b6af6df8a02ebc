import { ErrorCode, storageFullMessage } from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files } from '../../db/schema';
import { AppError } from '../../errors/app-error';

/** What a user stores (every stored file, all modules) and what the next upload may still take. */
export interface StorageRoom {
  usedBytes: number;
  /** Null: no quota. */
  quotaBytes: number | null;
  /** Infinity without a quota; never negative. */
  remainingBytes: number;
}

/** 413 / 4013 with what is used and what is allowed. */
export function storageFullError(room: StorageRoom): AppError {
  return new AppError(ErrorCode.tooLarge, storageFullMessage(room.usedBytes, room.quotaBytes ?? 0));
}

/**
 * The per-user storage quota. Uploads are checked against it before and while their bytes arrive
 * (a quick refusal, and a bound on what streams into storage), but what decides is `claim`, at
 * commit time: it runs in the transaction that records the file, after a per-user lock, so uploads
 * of one user that finish together are counted one after another and never jointly pass the quota.
 */
export class StorageQuota {
  constructor(
    private readonly db: Db,
    readonly quotaBytes: number | null,
  ) {}

  async room(ownerId: number, db: Db = this.db): Promise<StorageRoom> {
    const [row] = await db
      .select({ used: sql<string | number>`coalesce(sum(${files.size}), 0)` })
      .from(files)
      .where(eq(files.ownerId, ownerId));
    // sum() of integers is a bigint, which the drivers hand back as a string.
    const usedBytes = Number(row?.used ?? 0);
    const remainingBytes = this.quotaBytes === null ? Infinity : Math.max(0, this.quotaBytes - usedBytes);
    return { usedBytes, quotaBytes: this.quotaBytes, remainingBytes };
  }

  /**
   * Inside the transaction that inserts the file's row: waits for any other upload of this user to
   * commit, counts again and throws 413 if `size` more bytes would pass the quota.
   */
  async claim(tx: Db, ownerId: number, size: number): Promise<void> {
    if (this.quotaBytes === null) return;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`storage-quota:${ownerId}`}, 0))`);
    const room = await this.room(ownerId, tx);
    if (size > room.remainingBytes) throw storageFullError(room);
  }
}

import { ErrorCode, ErrorMessage, type AddbgWorkStatus } from '@portal/contract';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { addbgFavorites, addbgImages, addbgWorks, type AddbgImageRow, type AddbgWorkRow } from '../../db/schema';
import { AppError } from '../../errors/app-error';

export const notFound = () => new AppError(ErrorCode.notFound, ErrorMessage.notFound);

/** Works, their images and favourites, always looked up by owner. */
export class WorkStore {
  constructor(private readonly db: Db) {}

  async insert(row: typeof addbgWorks.$inferInsert, db: Db = this.db): Promise<AddbgWorkRow> {
    const [inserted] = await db.insert(addbgWorks).values(row).returning();
    return inserted!;
  }

  async setJob(id: string, jobId: number, db: Db = this.db): Promise<void> {
    await db.update(addbgWorks).set({ jobId }).where(eq(addbgWorks.id, id));
  }

  /** The owner's work; another user's id is not found, exactly like an unknown one. */
  async find(ownerId: number, id: string): Promise<AddbgWorkRow> {
    const [row] = await this.db
      .select()
      .from(addbgWorks)
      .where(and(eq(addbgWorks.id, id), eq(addbgWorks.ownerId, ownerId)));
    if (!row) throw notFound();
    return row;
  }

  async byId(id: string): Promise<AddbgWorkRow | undefined> {
    const [row] = await this.db.select().from(addbgWorks).where(eq(addbgWorks.id, id));
    return row;
  }

  /**
   * Never after the end: an engine's progress write still in flight when the work failed (on
   * PostgreSQL another connection may run it later) would otherwise turn it back to running.
   */
  async setState(id: string, status: AddbgWorkStatus, progress: number, message: string): Promise<void> {
    await this.db
      .update(addbgWorks)
      .set({ status, progress, message, updatedAt: new Date() })
      .where(and(eq(addbgWorks.id, id), sql`${addbgWorks.status} not in ('done', 'failed')`));
  }

  /** Marks the work failed once; true for the one caller that should refund its images. */
  async fail(id: string, message: string): Promise<AddbgWorkRow | undefined> {
    const [row] = await this.db
      .update(addbgWorks)
      .set({ status: 'failed', message, refunded: true, updatedAt: new Date() })
      .where(and(eq(addbgWorks.id, id), eq(addbgWorks.refunded, false), sql`${addbgWorks.status} <> 'done'`))
      .returning();
    return row;
  }

  async addImage(row: typeof addbgImages.$inferInsert): Promise<void> {
    await this.db.insert(addbgImages).values(row);
  }

  /** Images of a run that did not finish, so a retry starts clean. */
  async clearImages(workId: string): Promise<AddbgImageRow[]> {
    return this.db.delete(addbgImages).where(eq(addbgImages.workId, workId)).returning();
  }

  async images(workIds: string[]): Promise<AddbgImageRow[]> {
    if (workIds.length === 0) return [];
    return this.db
      .select()
      .from(addbgImages)
      .where(inArray(addbgImages.workId, workIds))
      .orderBy(asc(addbgImages.position));
  }

  async image(ownerId: number, imageId: string): Promise<AddbgImageRow> {
    const [row] = await this.db
      .select()
      .from(addbgImages)
      .where(and(eq(addbgImages.id, imageId), eq(addbgImages.ownerId, ownerId)));
    if (!row) throw notFound();
    return row;
  }

  async list(
    ownerId: number,
    filter: { projectId?: string; kind?: string },
    page: number,
    pageSize: number,
  ): Promise<{ rows: AddbgWorkRow[]; count: number }> {
    const where = and(
      eq(addbgWorks.ownerId, ownerId),
      filter.projectId ? eq(addbgWorks.projectId, filter.projectId) : undefined,
      filter.kind ? eq(addbgWorks.kind, filter.kind) : undefined,
    );
    const rows = await this.db
      .select()
      .from(addbgWorks)
      .where(where)
      .orderBy(desc(addbgWorks.createdAt), desc(addbgWorks.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    const [total] = await this.db.select({ n: count() }).from(addbgWorks).where(where);
    return { rows, count: Number(total?.n ?? 0) };
  }

  async latestCutout(ownerId: number, fileId: string): Promise<AddbgImageRow | undefined> {
    const [work] = await this.db
      .select()
      .from(addbgWorks)
      .where(
        and(
          eq(addbgWorks.ownerId, ownerId),
          eq(addbgWorks.sourceFileId, fileId),
          eq(addbgWorks.kind, 'cutout'),
          eq(addbgWorks.status, 'done'),
        ),
      )
      .orderBy(desc(addbgWorks.createdAt))
      .limit(1);
    if (!work) return undefined;
    const [image] = await this.images([work.id]);
    return image;
  }

  async favorites(ownerId: number): Promise<Set<string>> {
    const rows = await this.db
      .select({ id: addbgFavorites.imageId })
      .from(addbgFavorites)
      .where(eq(addbgFavorites.ownerId, ownerId));
    return new Set(rows.map((r) => r.id));
  }

  async setFavorite(ownerId: number, imageId: string, favorite: boolean): Promise<void> {
    await this.image(ownerId, imageId);
    if (favorite) {
      await this.db.insert(addbgFavorites).values({ ownerId, imageId }).onConflictDoNothing();
    } else {
      await this.db
        .delete(addbgFavorites)
        .where(and(eq(addbgFavorites.ownerId, ownerId), eq(addbgFavorites.imageId, imageId)));
    }
  }

  async favoriteImages(ownerId: number): Promise<{ image: AddbgImageRow; kind: string }[]> {
    const rows = await this.db
      .select({ image: addbgImages, kind: addbgWorks.kind })
      .from(addbgFavorites)
      .innerJoin(addbgImages, eq(addbgImages.id, addbgFavorites.imageId))
      .innerJoin(addbgWorks, eq(addbgWorks.id, addbgImages.workId))
      .where(eq(addbgFavorites.ownerId, ownerId))
      .orderBy(desc(addbgFavorites.createdAt));
    return rows;
  }
}

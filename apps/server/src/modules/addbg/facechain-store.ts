import type { FacechainSetStatus } from '@portal/contract';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { addbgPhotoSets, addbgPhotos, addbgWorks, type AddbgPhotoRow, type AddbgPhotoSetRow } from '../../db/schema';
import { newId } from '../../lib/ids';
import { notFound } from './work-store';

/** Photo sets and their photos, always looked up by owner (another user's id is not found). */
export class FacechainStore {
  constructor(private readonly db: Db) {}

  async create(ownerId: number, name: string, fileIds: string[]): Promise<AddbgPhotoSetRow> {
    return this.db.transaction(async (tx) => {
      const [set] = await tx
        .insert(addbgPhotoSets)
        .values({ id: newId(), ownerId, name, consentAt: new Date() })
        .returning();
      await tx
        .insert(addbgPhotos)
        .values(fileIds.map((fileId, position) => ({ id: newId(), setId: set!.id, ownerId, fileId, position })));
      return set!;
    });
  }

  async find(ownerId: number, id: string): Promise<AddbgPhotoSetRow> {
    const [row] = await this.db
      .select()
      .from(addbgPhotoSets)
      .where(and(eq(addbgPhotoSets.id, id), eq(addbgPhotoSets.ownerId, ownerId)));
    if (!row) throw notFound();
    return row;
  }

  async byId(id: string): Promise<AddbgPhotoSetRow | undefined> {
    const [row] = await this.db.select().from(addbgPhotoSets).where(eq(addbgPhotoSets.id, id));
    return row;
  }

  async list(ownerId: number): Promise<AddbgPhotoSetRow[]> {
    return this.db
      .select()
      .from(addbgPhotoSets)
      .where(eq(addbgPhotoSets.ownerId, ownerId))
      .orderBy(desc(addbgPhotoSets.createdAt), desc(addbgPhotoSets.id));
  }

  async photos(setIds: string[]): Promise<AddbgPhotoRow[]> {
    if (setIds.length === 0) return [];
    return this.db
      .select()
      .from(addbgPhotos)
      .where(inArray(addbgPhotos.setId, setIds))
      .orderBy(asc(addbgPhotos.position));
  }

  async photoCounts(setIds: string[]): Promise<Map<string, number>> {
    if (setIds.length === 0) return new Map();
    const rows = await this.db
      .select({ id: addbgPhotos.setId, n: count() })
      .from(addbgPhotos)
      .where(inArray(addbgPhotos.setId, setIds))
      .groupBy(addbgPhotos.setId);
    return new Map(rows.map((r) => [r.id, Number(r.n)]));
  }

  async rename(id: string, name: string): Promise<void> {
    await this.db.update(addbgPhotoSets).set({ name, updatedAt: new Date() }).where(eq(addbgPhotoSets.id, id));
  }

  async setState(
    id: string,
    state: { status: FacechainSetStatus; progress: number; message: string } & Partial<
      Pick<AddbgPhotoSetRow, 'jobId' | 'engine' | 'modelRef' | 'error'>
    >,
    db: Db = this.db,
  ): Promise<void> {
    await db
      .update(addbgPhotoSets)
      .set({ ...state, updatedAt: new Date() })
      .where(eq(addbgPhotoSets.id, id));
  }

  /**
   * Only while training runs: a set deleted, restarted or already ended meanwhile is left as it is
   * (a progress write still in flight when the training failed would turn it back to running).
   */
  async setProgress(id: string, jobId: number, progress: number, message: string): Promise<void> {
    await this.db
      .update(addbgPhotoSets)
      .set({ status: 'running', progress, message, updatedAt: new Date() })
      .where(
        and(
          eq(addbgPhotoSets.id, id),
          eq(addbgPhotoSets.jobId, jobId),
          inArray(addbgPhotoSets.status, ['queued', 'running']),
        ),
      );
  }

  /** Remembers what the engine queued for the set, so deleting it can ask the engine to forget. */
  async addEngineRef(id: string, ref: string): Promise<void> {
    await this.db
      .update(addbgPhotoSets)
      .set({ engineRefs: sql`${addbgPhotoSets.engineRefs} || ${JSON.stringify([ref])}::jsonb` })
      .where(eq(addbgPhotoSets.id, id));
  }

  /** The set's portraits (works of kind `portrait`). */
  async works(setId: string) {
    return this.db.select().from(addbgWorks).where(eq(addbgWorks.photoSetId, setId));
  }

  /** The set goes with its photo rows and works (their files are deleted by the service first). */
  async delete(id: string): Promise<void> {
    await this.db.delete(addbgPhotoSets).where(eq(addbgPhotoSets.id, id));
  }
}

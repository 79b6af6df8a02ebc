import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { AddbgProject } from '@portal/contract';
import type { Db } from '../../db/client';
import { addbgImages, addbgProjects, addbgWorks, type AddbgProjectRow } from '../../db/schema';
import { newId } from '../../lib/ids';
import { toProject } from './serialize';
import { notFound } from './work-store';

/** Projects of one owner; another user's project answers like an unknown one. */
export class ProjectStore {
  constructor(private readonly db: Db) {}

  async find(ownerId: number, id: string): Promise<AddbgProjectRow> {
    const [row] = await this.db
      .select()
      .from(addbgProjects)
      .where(and(eq(addbgProjects.id, id), eq(addbgProjects.ownerId, ownerId)));
    if (!row) throw notFound();
    return row;
  }

  async create(ownerId: number, name: string, description: string): Promise<AddbgProject> {
    const [row] = await this.db.insert(addbgProjects).values({ id: newId(), ownerId, name, description }).returning();
    return toProject(row!, 0, null);
  }

  async edit(ownerId: number, id: string, name: string, description: string): Promise<AddbgProject> {
    await this.find(ownerId, id);
    const [row] = await this.db
      .update(addbgProjects)
      .set({ name, description, updatedAt: new Date() })
      .where(and(eq(addbgProjects.id, id), eq(addbgProjects.ownerId, ownerId)))
      .returning();
    return (await this.views([row!]))[0]!;
  }

  /** The project goes; its works stay in the user's list, ungrouped (the foreign key sets null). */
  async delete(ownerId: number, id: string): Promise<void> {
    await this.find(ownerId, id);
    await this.db.delete(addbgProjects).where(and(eq(addbgProjects.id, id), eq(addbgProjects.ownerId, ownerId)));
  }

  async list(ownerId: number): Promise<AddbgProject[]> {
    const rows = await this.db
      .select()
      .from(addbgProjects)
      .where(eq(addbgProjects.ownerId, ownerId))
      .orderBy(desc(addbgProjects.updatedAt));
    return this.views(rows);
  }

  async view(ownerId: number, id: string): Promise<AddbgProject> {
    return (await this.views([await this.find(ownerId, id)]))[0]!;
  }

  /** Touches the project when a work is added, so the list shows the busiest first. */
  async touch(id: string): Promise<void> {
    await this.db.update(addbgProjects).set({ updatedAt: new Date() }).where(eq(addbgProjects.id, id));
  }

  private async views(rows: AddbgProjectRow[]): Promise<AddbgProject[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const counts = await this.db
      .select({ id: addbgWorks.projectId, n: count() })
      .from(addbgWorks)
      .where(inArray(addbgWorks.projectId, ids))
      .groupBy(addbgWorks.projectId);
    const covers = await this.db
      .select({ projectId: addbgWorks.projectId, imageId: addbgImages.id, at: addbgImages.createdAt })
      .from(addbgImages)
      .innerJoin(addbgWorks, eq(addbgWorks.id, addbgImages.workId))
      .where(inArray(addbgWorks.projectId, ids))
      .orderBy(desc(addbgImages.createdAt));
    const countOf = new Map(counts.map((c) => [c.id, Number(c.n)]));
    const coverOf = new Map<string, string>();
    for (const c of covers) if (c.projectId && !coverOf.has(c.projectId)) coverOf.set(c.projectId, c.imageId);
    return rows.map((r) => toProject(r, countOf.get(r.id) ?? 0, coverOf.get(r.id) ?? null));
  }
}

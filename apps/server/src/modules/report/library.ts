import { ErrorCode, ErrorMessage, type ReportCategory, type ReportSummary } from '@portal/contract';
import { and, asc, desc, eq, inArray, isNotNull, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  documents,
  files,
  reportCategories,
  reports,
  type DocumentRow,
  type FileRow,
  type ReportCategoryRow,
  type ReportRow,
} from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { newId } from '../../lib/ids';
import { resourceGone } from '../../lib/resource-gone';
import type { DocumentService } from '../../services/documents';

/** The document pipeline's collection that holds every library report. */
export const REPORT_COLLECTION = 'report';
export const OWN_CATEGORY_NAME = '我的报告';

export interface VisibleReport {
  report: ReportRow;
  doc: DocumentRow | null;
}

export function toReportSummary({ report, doc }: VisibleReport): ReportSummary {
  return {
    report_id: report.id,
    title: report.title,
    source: report.source,
    date: report.date,
    pages: doc?.pageCount ?? null,
    status: doc?.status ?? 'failed',
    reason: doc ? doc.reason : '文件已丢失',
    scope: report.categoryId === null ? 'own' : 'shared',
    category_id: report.categoryId,
    created_at: report.createdAt.toISOString(),
  };
}

/** A report's title from its file name: without the extension. */
export function titleFromFile(name: string): string {
  return name.replace(/\.pdf$/i, '').trim() || name;
}

/**
 * The report library: shared categories with their reports, and each user's own uploads. A user
 * sees every shared report and their own; any other id answers like an unknown one.
 */
export class ReportLibrary {
  constructor(
    private readonly db: Db,
    private readonly documents: DocumentService,
  ) {}

  private visibleTo(userId: number) {
    return or(isNotNull(reports.categoryId), eq(reports.ownerId, userId));
  }

  /** Visible reports (optionally only these ids), newest first, with their parse state. */
  async visible(userId: number, ids?: readonly string[]): Promise<VisibleReport[]> {
    if (ids && ids.length === 0) return [];
    const where = [this.visibleTo(userId)];
    if (ids) where.push(inArray(reports.id, [...ids]));
    const rows = await this.db
      .select({ report: reports, doc: documents })
      .from(reports)
      .leftJoin(documents, eq(documents.fileId, reports.fileId))
      .where(and(...where))
      .orderBy(desc(reports.createdAt), asc(reports.id));
    return rows;
  }

  /** The visible reports of these ids, in the given order; any unknown or foreign id fails as gone. */
  async requireVisible(userId: number, ids: readonly string[]): Promise<VisibleReport[]> {
    const unique = [...new Set(ids)];
    const found = await this.visible(userId, unique);
    if (found.length !== unique.length) throw resourceGone();
    return unique.map((id) => found.find((r) => r.report.id === id)!);
  }

  /** The visible report that holds this file, or undefined. */
  async byFile(userId: number, fileId: string): Promise<VisibleReport | undefined> {
    const [row] = await this.db
      .select({ report: reports, doc: documents })
      .from(reports)
      .leftJoin(documents, eq(documents.fileId, reports.fileId))
      .where(and(eq(reports.fileId, fileId), this.visibleTo(userId)));
    return row;
  }

  async categories(): Promise<ReportCategoryRow[]> {
    return this.db.select().from(reportCategories).orderBy(asc(reportCategories.id));
  }

  async category(id: number): Promise<ReportCategoryRow | undefined> {
    const [row] = await this.db.select().from(reportCategories).where(eq(reportCategories.id, id));
    return row;
  }

  async createCategory(name: string): Promise<ReportCategoryRow> {
    const existing = (await this.categories()).find((c) => c.name === name);
    if (existing) throw new AppError(ErrorCode.validation, `分类「${name}」已存在`);
    const [row] = await this.db.insert(reportCategories).values({ name }).returning();
    return row!;
  }

  /** Categories with their visible reports matching the keyword (title or source); own uploads last. */
  async home(userId: number, keyword?: string): Promise<ReportCategory[]> {
    const needle = keyword?.toLowerCase();
    const all = (await this.visible(userId)).filter(
      (r) => !needle || r.report.title.toLowerCase().includes(needle) || r.report.source.toLowerCase().includes(needle),
    );
    const list: ReportCategory[] = (await this.categories()).map((c) => ({
      category_id: c.id,
      name: c.name,
      reports: all.filter((r) => r.report.categoryId === c.id).map(toReportSummary),
    }));
    list.push({
      category_id: null,
      name: OWN_CATEGORY_NAME,
      reports: all.filter((r) => r.report.categoryId === null).map(toReportSummary),
    });
    return list;
  }

  /**
   * A report of this owner whose PDF has the same content as `file` (same SHA-256), other than
   * `file` itself: the same document uploaded again, whatever its name.
   */
  async sameContent(file: FileRow): Promise<VisibleReport | undefined> {
    const [row] = await this.db
      .select({ report: reports, doc: documents })
      .from(reports)
      .innerJoin(files, eq(files.id, reports.fileId))
      .leftJoin(documents, eq(documents.fileId, reports.fileId))
      .where(and(eq(reports.ownerId, file.ownerId), eq(files.sha256, file.sha256), ne(files.id, file.id)))
      .orderBy(asc(reports.createdAt))
      .limit(1);
    return row;
  }

  /** Adds an uploaded PDF to the library and queues its parse. */
  async add(
    file: FileRow,
    meta: { categoryId: number | null; title?: string; source?: string; date?: string },
  ): Promise<VisibleReport> {
    const [report] = await this.db
      .insert(reports)
      .values({
        id: newId(),
        fileId: file.id,
        categoryId: meta.categoryId,
        ownerId: file.ownerId,
        title: meta.title || titleFromFile(file.displayName),
        source: meta.source ?? '',
        date: meta.date ?? '',
      })
      .returning();
    const { doc } = await this.documents.add(file, REPORT_COLLECTION);
    return { report: report!, doc };
  }

  /** Deletes a report: an administrator any shared one, a user their own. */
  async remove(userId: number, isAdmin: boolean, reportId: string): Promise<void> {
    const [found] = await this.visible(userId, [reportId]);
    if (!found) throw resourceGone();
    const mine = found.report.categoryId === null && found.report.ownerId === userId;
    if (!mine && !isAdmin) throw new AppError(ErrorCode.forbidden, ErrorMessage.forbiddenAdmin);
    await this.db.delete(reports).where(eq(reports.id, reportId));
    await this.documents.remove(found.report.ownerId, found.report.fileId, 'report');
  }
}

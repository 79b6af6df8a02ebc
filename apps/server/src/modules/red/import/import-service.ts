import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { RED_IMPORT_ERRORS_KEPT, type RedImportMapping, type RedImportStatus } from '@portal/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { redImportErrors, redImports } from '../../../db/schema';
import type { JobContext, JobQueue } from '../../../services/jobs';
import type { ObjectStore } from '../../../services/storage/object-store';
import type { DictionaryStore } from '../dictionary-store';
import { NOTE_WRITE_BATCH, writeNotes } from '../note-writer';
import { parseNoteRow, rowMessage, type NoteInput } from './note-row';
import { countRows, readRows, UnreadableFile, type ImportFormat } from './readers';

export const RED_IMPORT_JOB = 'red.import';

interface ImportJob {
  importId: string;
  /** The columns chosen on the import screen; by header name without it. */
  mapping?: RedImportMapping;
}

/**
 * Imports of note files as durable jobs: the file is stored first, then a job reads it in batches,
 * recording progress and row errors as it goes. A job taken over after a crash skips the rows
 * already counted, and note ids already stored are duplicates, so nothing is doubled.
 */
export class ImportService {
  constructor(
    private readonly db: Db,
    private readonly store: ObjectStore,
    private readonly jobs: JobQueue,
    private readonly dictionary: DictionaryStore,
  ) {}

  register(): void {
    this.jobs.register<ImportJob>(RED_IMPORT_JOB, (job) => this.run(job), { concurrency: 1, maxAttempts: 3 });
  }

  async start(input: {
    userId: number | null;
    source: string;
    fileName: string;
    format: ImportFormat;
    bytes: Buffer;
    mapping?: RedImportMapping;
  }) {
    const id = randomUUID();
    const objectKey = `red-imports/${id}`;
    await this.store.put(objectKey, Readable.from([input.bytes]), 'application/octet-stream');
    await this.db.insert(redImports).values({
      id,
      userId: input.userId,
      source: input.source,
      fileName: input.fileName,
      format: input.format,
      objectKey,
    });
    await this.jobs.send(RED_IMPORT_JOB, { importId: id, mapping: input.mapping } satisfies ImportJob);
    return id;
  }

  async status(id: string): Promise<RedImportStatus | null> {
    const [row] = await this.db.select().from(redImports).where(eq(redImports.id, id));
    if (!row) return null;
    const errors = await this.db
      .select({ row: redImportErrors.row, message: redImportErrors.message })
      .from(redImportErrors)
      .where(eq(redImportErrors.importId, id))
      .orderBy(asc(redImportErrors.row))
      .limit(RED_IMPORT_ERRORS_KEPT);
    return {
      job_id: row.id,
      status: row.status,
      source: row.source,
      file_name: row.fileName,
      expected: row.expected,
      total: row.total,
      imported: row.imported,
      duplicates: row.duplicates,
      failed: row.failed,
      errors,
      message: row.message,
    };
  }

  private async run(job: JobContext<ImportJob>): Promise<void> {
    const [record] = await this.db.select().from(redImports).where(eq(redImports.id, job.data.importId));
    if (!record || record.status === 'done' || record.status === 'failed') return;
    const open = async () => {
      const found = await this.store.get(record.objectKey);
      if (!found) throw new UnreadableFile('导入文件已不存在');
      return found.body;
    };
    try {
      const expected = await countRows(record.format, await open());
      await this.db
        .update(redImports)
        .set({ status: 'running', expected: expected ?? record.expected })
        .where(eq(redImports.id, record.id));
      const matcher = await this.dictionary.matcher();
      const skip = record.total;
      let seen = 0;
      let batch: NoteInput[] = [];
      let errors: { row: number; message: string }[] = [];
      let stored = (await this.errorCount(record.id)) as number;
      const flush = async () => {
        const written = await writeNotes(this.db, batch, matcher, { source: record.source });
        const keep = errors.slice(0, Math.max(0, RED_IMPORT_ERRORS_KEPT - stored));
        if (keep.length > 0) {
          await this.db.insert(redImportErrors).values(keep.map((e) => ({ importId: record.id, ...e })));
          stored += keep.length;
        }
        await this.db
          .update(redImports)
          .set({
            total: seen,
            imported: sql`${redImports.imported} + ${written.imported}`,
            duplicates: sql`${redImports.duplicates} + ${written.duplicates}`,
            failed: sql`${redImports.failed} + ${errors.length}`,
          })
          .where(eq(redImports.id, record.id));
        await job.progress({ total: seen, expected });
        batch = [];
        errors = [];
      };
      for await (const row of readRows(record.format, await open(), job.data.mapping)) {
        seen++;
        if (seen <= skip) continue;
        if (job.signal.aborted) throw new Error('aborted');
        if ('error' in row) errors.push({ row: row.row, message: rowMessage(row.row, row.error) });
        else {
          const parsed = parseNoteRow(row.record, row.names);
          if (parsed.ok) batch.push(parsed.note);
          else errors.push({ row: row.row, message: rowMessage(row.row, parsed.message) });
        }
        if (batch.length + errors.length >= NOTE_WRITE_BATCH) await flush();
      }
      await flush();
      await this.finish(record.id, 'done', null, seen);
    } catch (error) {
      if (error instanceof UnreadableFile) {
        await this.finish(record.id, 'failed', error.message, null);
        return;
      }
      if (job.attempt >= 3) await this.finish(record.id, 'failed', '导入失败，请检查文件后重试', null);
      throw error;
    }
  }

  private async errorCount(id: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(redImportErrors)
      .where(eq(redImportErrors.importId, id));
    return row?.n ?? 0;
  }

  private async finish(id: string, status: 'done' | 'failed', message: string | null, rows: number | null) {
    const [row] = await this.db.select().from(redImports).where(eq(redImports.id, id));
    await this.db
      .update(redImports)
      .set({ status, message, finishedAt: new Date(), ...(rows !== null && { expected: rows }) })
      .where(eq(redImports.id, id));
    if (row) await this.store.delete(row.objectKey);
  }
}

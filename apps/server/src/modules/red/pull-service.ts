import { randomUUID } from 'node:crypto';
import { RED_IMPORT_ERRORS_KEPT } from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { redImportErrors, redImports } from '../../db/schema';
import type { JobQueue } from '../../services/jobs';
import type { RedConfig } from './config';
import type { DictionaryStore } from './dictionary-store';
import { parseNoteRow, rowMessage, type NoteInput } from './import/note-row';
import { NOTE_WRITE_BATCH, writeNotes } from './note-writer';
import { fetchPullJson, PullError } from './pull-fetch';

export const RED_PULL_JOB = 'red.pull';

/**
 * Scheduled pulls of the configured HTTPS JSON sources. Each pull is recorded like an import (its
 * counts and row errors readable with import/status), and note ids already stored are duplicates.
 */
export class PullService {
  constructor(
    private readonly db: Db,
    private readonly jobs: JobQueue,
    private readonly dictionary: DictionaryStore,
    private readonly config: RedConfig,
  ) {}

  register(): void {
    this.jobs.register<{ source: string }>(RED_PULL_JOB, (job) => this.pull(job.data.source), {
      concurrency: 1,
      maxAttempts: 2,
    });
    for (const s of this.config.pull_sources) {
      this.jobs.schedule({
        key: `${RED_PULL_JOB}:${s.source}`,
        name: RED_PULL_JOB,
        data: { source: s.source },
        everyMs: s.every_minutes * 60_000,
      });
    }
  }

  /** Pulls one source now; answers the import record's id (null for an unknown source). */
  async pull(sourceName: string): Promise<string | null> {
    const source = this.config.pull_sources.find((s) => s.source === sourceName);
    if (!source) return null;
    const id = randomUUID();
    await this.db.insert(redImports).values({
      id,
      userId: null,
      source: source.source,
      fileName: new URL(source.url).host,
      format: 'jsonl',
      objectKey: '',
      status: 'running',
    });
    const finish = (values: Partial<typeof redImports.$inferInsert>) =>
      this.db
        .update(redImports)
        .set({ finishedAt: new Date(), ...values })
        .where(eq(redImports.id, id));
    try {
      const body = await fetchPullJson(source.url, source.headers, {
        allowLoopback: this.config.pull_allow_loopback_for_tests,
      });
      const list = Array.isArray(body) ? body : (body as { notes?: unknown })?.notes;
      if (!Array.isArray(list)) throw new PullError('拉取失败：JSON 里没有笔记数组');
      const errors: { row: number; message: string }[] = [];
      const notes: NoteInput[] = [];
      list.forEach((record, i) => {
        const parsed =
          record && typeof record === 'object' && !Array.isArray(record)
            ? parseNoteRow(record as Record<string, unknown>)
            : ({ ok: false, message: '这一条不是 JSON 对象' } as const);
        if (parsed.ok) notes.push(parsed.note);
        else errors.push({ row: i + 1, message: rowMessage(i + 1, parsed.message, '条') });
      });
      const matcher = await this.dictionary.matcher();
      let imported = 0;
      let duplicates = 0;
      for (let i = 0; i < notes.length; i += NOTE_WRITE_BATCH) {
        const written = await writeNotes(this.db, notes.slice(i, i + NOTE_WRITE_BATCH), matcher, {
          source: source.source,
        });
        imported += written.imported;
        duplicates += written.duplicates;
      }
      const kept = errors.slice(0, RED_IMPORT_ERRORS_KEPT);
      if (kept.length > 0) await this.db.insert(redImportErrors).values(kept.map((e) => ({ importId: id, ...e })));
      await finish({
        status: 'done',
        expected: list.length,
        total: list.length,
        imported,
        duplicates,
        failed: errors.length,
      });
    } catch (error) {
      await finish({ status: 'failed', message: error instanceof PullError ? error.message : '拉取失败' });
      if (!(error instanceof PullError)) throw error;
    }
    return id;
  }
}

import { and, asc, eq, gt, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { chunkTerms, documentChunks, documents } from '../../db/schema';
import type { JobQueue } from '../jobs';
import { normalizeText } from './normalize-text';
import type { TermIndex } from './term-index';
import type { VectorIndex } from './vector-index';

/**
 * The written form of stored document text: 1 = normalised at extraction (normalize-text.ts).
 * Raise it when the normalisation changes, and stored documents are rewritten once more.
 */
export const TEXT_FORM = 1;

/** The durable job that brings documents stored in an older form to TEXT_FORM. */
export const NORMALIZE_TEXT_JOB = 'documents.normalize-text';

export interface TextFormProgress {
  documents: number;
  chunks: number;
}

/**
 * Rewrites documents stored before their text was normalised: their chunks' text and, where it
 * changed, their terms (and vectors). One document per transaction, each marked with TEXT_FORM as
 * it is done, so the job is idempotent (a done document is never taken again, and normalising
 * normal text changes nothing) and resumable (a run cut short leaves the rest for the next).
 */
export class TextFormUpgrade {
  constructor(
    private readonly db: Db,
    private readonly terms: TermIndex,
    private readonly vectors: VectorIndex | null,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
  ) {}

  /** Registers the job; call before the queue starts. */
  register(jobs: JobQueue): void {
    jobs.register<Record<string, never>>(
      NORMALIZE_TEXT_JOB,
      async (job) => {
        const done: TextFormProgress = { documents: 0, chunks: 0 };
        await this.run(job.signal, async (progress) => {
          Object.assign(done, progress);
          await job.progress(done);
        });
        return done;
      },
      { concurrency: 1, maxAttempts: 5 },
    );
  }

  /** Queues the job when a document waits for it (one job across replicas and restarts). */
  async queueIfNeeded(jobs: JobQueue): Promise<boolean> {
    const [old] = await this.db
      .select({ fileId: documents.fileId })
      .from(documents)
      .where(lt(documents.textForm, TEXT_FORM))
      .limit(1);
    if (!old) return false;
    await jobs.send(NORMALIZE_TEXT_JOB, {}, { singletonKey: NORMALIZE_TEXT_JOB });
    return true;
  }

  /** Upgrades every document in an older form, in file id order; stops between documents when `signal` aborts. */
  async run(signal?: AbortSignal, onProgress?: (done: TextFormProgress) => Promise<void>): Promise<TextFormProgress> {
    const done: TextFormProgress = { documents: 0, chunks: 0 };
    let after = '';
    for (;;) {
      if (signal?.aborted) throw new Error('normalising stored documents was stopped');
      const [next] = await this.db
        .select({ fileId: documents.fileId })
        .from(documents)
        .where(and(lt(documents.textForm, TEXT_FORM), gt(documents.fileId, after)))
        .orderBy(asc(documents.fileId))
        .limit(1);
      if (!next) return done;
      after = next.fileId;
      done.chunks += await this.upgrade(next.fileId);
      done.documents++;
      await onProgress?.(done);
    }
  }

  /** One document brought to TEXT_FORM; returns how many of its chunks changed. */
  async upgrade(fileId: string): Promise<number> {
    const changed: { id: number; text: string }[] = [];
    await this.db.transaction(async (tx) => {
      // Locks the row: a parse replacing the chunks meanwhile waits for this (or went first).
      const [doc] = await tx
        .select({ textForm: documents.textForm })
        .from(documents)
        .where(eq(documents.fileId, fileId))
        .for('update');
      if (!doc || doc.textForm >= TEXT_FORM) return;
      const chunks = await tx
        .select({ id: documentChunks.id, text: documentChunks.text })
        .from(documentChunks)
        .where(eq(documentChunks.fileId, fileId))
        .orderBy(asc(documentChunks.ord));
      const normalized = chunks.map((c) => ({ id: c.id, text: normalizeText(c.text) }));
      normalized.forEach((c, i) => c.text !== chunks[i]!.text && changed.push(c));
      for (const chunk of changed) {
        await tx.update(documentChunks).set({ text: chunk.text }).where(eq(documentChunks.id, chunk.id));
      }
      if (changed.length > 0) {
        await tx.delete(chunkTerms).where(eq(chunkTerms.fileId, fileId));
        await this.terms.write(tx, fileId, normalized);
      }
      await tx.update(documents).set({ textForm: TEXT_FORM }).where(eq(documents.fileId, fileId));
    });
    if (changed.length > 0 && this.vectors) {
      // The words are found already; a model that is down leaves the old vectors (near enough).
      await this.vectors
        .write(fileId, changed)
        .catch((err: unknown) => this.log.warn({ err, fileId }, 're-embedding normalised passages failed'));
    }
    return changed.length;
  }
}

import { docFailureMessages, type DocStatus } from '@portal/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import {
  documentChunks,
  documents,
  files,
  passageColumns,
  type DocumentChunkRow,
  type PassageRow,
  type DocumentRow,
  type FileRow,
} from '../../db/schema';
import type { FileService } from '../files';
import { DEAD_WORKER_ERROR, type JobQueue } from '../jobs';
import { chunkUnits } from './chunker';
import type { DocumentsConfig } from './config';
import { OcrService } from './ocr/ocr-service';
import { ParseAbortedError, parseInWorker } from './parse-runner';
import { DocumentParseError } from './parsers/types';
import { Retrieval, type RetrievedChunk } from './retrieval';
import { TEXT_FORM, TextFormUpgrade } from './text-form';
import type { VectorIndex } from './vector-index';

/** The durable job that parses one document. */
export const DOCUMENT_PARSE_JOB = 'documents.parse';
interface ParseJob {
  fileId: string;
}

export interface DocumentWithFile {
  doc: DocumentRow;
  file: FileRow;
}

export type { RetrievedChunk };

/** Reads a whole stored object (documents are bounded by max_file_bytes). */
async function readAll(body: AsyncIterable<Uint8Array | string>): Promise<Uint8Array> {
  const parts: Buffer[] = [];
  for await (const part of body) parts.push(typeof part === 'string' ? Buffer.from(part) : Buffer.from(part));
  return new Uint8Array(Buffer.concat(parts));
}

/**
 * The document pipeline: a stored file joins a collection (a session, a report…), is parsed by a
 * durable job into chunks with page/row positions and their terms, and is searched in the
 * database. Shared by every module that reads documents; it knows no module names.
 */
export class DocumentService {
  /** The server's one OCR pool: every parse's scanned pages share its `ocr_workers` workers. */
  readonly ocr: OcrService;
  readonly retrieval: Retrieval;
  /** Rewrites documents stored before their text was normalised (a background job). */
  readonly textForm: TextFormUpgrade;

  constructor(
    private readonly db: Db,
    private readonly files: FileService,
    private readonly jobs: JobQueue,
    readonly config: DocumentsConfig,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>,
    /** Present when an embedding model is configured and the database has pgvector. */
    vectors: VectorIndex | null = null,
  ) {
    this.ocr = new OcrService({ workers: config.ocr_workers });
    this.retrieval = new Retrieval(db, vectors, log);
    this.textForm = new TextFormUpgrade(db, this.retrieval.terms, vectors, log);
  }

  /** Registers the parse worker; call before the queue starts. */
  registerWorker(): void {
    this.jobs.register<ParseJob>(
      DOCUMENT_PARSE_JOB,
      (job) => this.parse(job.data.fileId, job.signal, job.lastError === DEAD_WORKER_ERROR),
      {
        concurrency: this.config.concurrency,
        maxAttempts: 2,
      },
    );
    this.textForm.register(this.jobs);
  }

  /** Stops the OCR workers; call once the job queue has stopped (no parse runs any more). */
  close(): Promise<void> {
    return this.ocr.close();
  }

  /**
   * Indexes the terms (and, with an embedding model, the vectors) of documents parsed before
   * those indexes existed. Runs in the background after start-up: until a document is indexed it
   * is simply not found by that kind of search.
   */
  async indexUnindexed(): Promise<void> {
    try {
      // Text stored before normalisation (⼆ for 二) is rewritten by a durable job, once.
      await this.textForm.queueIfNeeded(this.jobs);
    } catch (err) {
      this.log.warn({ err }, 'queueing the normalisation of earlier documents failed');
    }
    try {
      const n = await this.retrieval.terms.backfill();
      if (n > 0) this.log.info({ documents: n }, 'indexed the terms of earlier documents');
    } catch (err) {
      this.log.warn({ err }, 'indexing the terms of earlier documents failed');
    }
    const vectors = this.retrieval.vectors;
    if (!vectors) return;
    try {
      const n = await vectors.backfill();
      if (n > 0) this.log.info({ documents: n }, 'embedded earlier documents');
    } catch (err) {
      this.log.warn({ err }, 'embedding earlier documents failed: they are found by their words only');
    }
  }

  async countIn(collection: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(documents)
      .where(eq(documents.collection, collection));
    return row?.n ?? 0;
  }

  /** Adds a stored file to a collection and queues its parse. */
  async add(file: FileRow, collection: string): Promise<DocumentWithFile> {
    const [doc] = await this.db
      .insert(documents)
      .values({ fileId: file.id, ownerId: file.ownerId, collection, status: 'queued' })
      .returning();
    const queued = await this.queue(doc!.fileId);
    return { doc: queued, file };
  }

  /** Queues (again) the parse of a document; its old chunks stay until the new ones replace them. */
  async queue(fileId: string): Promise<DocumentRow> {
    const jobId = await this.jobs.send(DOCUMENT_PARSE_JOB, { fileId } satisfies ParseJob);
    const [row] = await this.db
      .update(documents)
      .set({ status: 'queued', reason: null, jobId, updatedAt: new Date() })
      .where(eq(documents.fileId, fileId))
      .returning();
    return row!;
  }

  /** The documents of a collection with their files, oldest first; a job that died for good shows as failed. */
  async list(collection: string, ownerId: number, fileIds?: readonly string[]): Promise<DocumentWithFile[]> {
    const where = [eq(documents.collection, collection), eq(documents.ownerId, ownerId)];
    if (fileIds) {
      if (fileIds.length === 0) return [];
      where.push(inArray(documents.fileId, [...fileIds]));
    }
    const rows = await this.db
      .select({ doc: documents, file: files })
      .from(documents)
      .innerJoin(files, eq(files.id, documents.fileId))
      .where(and(...where))
      .orderBy(asc(documents.createdAt), asc(documents.fileId));
    return Promise.all(rows.map(async (r) => ({ ...r, doc: await this.settleDead(r.doc) })));
  }

  async find(collection: string, ownerId: number, fileId: string): Promise<DocumentWithFile | undefined> {
    const [found] = await this.list(collection, ownerId, [fileId]);
    return found;
  }

  /** A document still queued or parsing whose job failed or vanished will never finish: fail it now. */
  private async settleDead(doc: DocumentRow): Promise<DocumentRow> {
    if ((doc.status !== 'queued' && doc.status !== 'parsing' && doc.status !== 'ocr') || doc.jobId === null) return doc;
    const job = await this.jobs.get(doc.jobId);
    if (job && job.state !== 'failed' && job.state !== 'cancelled') return doc;
    return this.setStatus(doc.fileId, 'failed', docFailureMessages.interrupted, doc.status);
  }

  private async setStatus(
    fileId: string,
    status: DocStatus,
    reason: string | null,
    from?: DocStatus,
    extra: Partial<
      Pick<DocumentRow, 'pageCount' | 'chunkCount' | 'ocrDone' | 'ocrTotal' | 'ocrWaiting' | 'textForm'>
    > = {},
  ): Promise<DocumentRow> {
    const where = from ? and(eq(documents.fileId, fileId), eq(documents.status, from)) : eq(documents.fileId, fileId);
    const [row] = await this.db
      .update(documents)
      .set({ status, reason, ...extra, updatedAt: new Date() })
      .where(where)
      .returning();
    if (row) return row;
    const [current] = await this.db.select().from(documents).where(eq(documents.fileId, fileId));
    return current!;
  }

  /**
   * Shows OCR progress as status `ocr` with pages done/total. Writes go one after another (the
   * latest wins) so a fast run never lands an older count after a newer one.
   */
  private ocrProgressWriter(fileId: string): {
    report: (done: number, total: number, waiting: boolean) => void;
    flush: () => Promise<void>;
  } {
    let latest: { done: number; total: number; waiting: boolean } | null = null;
    let writing: Promise<void> = Promise.resolve();
    const write = async () => {
      const next = latest;
      if (!next) return;
      latest = null;
      await this.db
        .update(documents)
        .set({
          status: 'ocr',
          ocrDone: next.done,
          ocrTotal: next.total,
          ocrWaiting: next.waiting,
          updatedAt: new Date(),
        })
        .where(and(eq(documents.fileId, fileId), inArray(documents.status, ['parsing', 'ocr'])))
        .catch((err: unknown) => this.log.warn({ err, fileId }, 'recording OCR progress failed'));
    };
    return {
      report: (done, total, waiting) => {
        latest = { done, total, waiting };
        writing = writing.then(write);
      },
      flush: () => writing,
    };
  }

  /** Removes the document, its chunks and its stored object. */
  async remove(ownerId: number, fileId: string, module: string): Promise<void> {
    await this.db.delete(documents).where(and(eq(documents.fileId, fileId), eq(documents.ownerId, ownerId)));
    await this.files.delete(ownerId, fileId, module);
  }

  /**
   * The parse job: reads the object, parses it, replaces the chunks; a readable failure ends as
   * `failed`. A parse stopped by `signal` (the server stops) throws, so its job runs again later.
   * A parse whose server died under it (`serverDied`: the job's previous run ended with its
   * process, while the document still shows it parsing) is not run again: the file may well be
   * what brought the server down. A server stopped in good order leaves the job to run again.
   */
  async parse(fileId: string, signal?: AbortSignal, serverDied = false): Promise<{ status: DocStatus }> {
    const [found] = await this.db
      .select({ doc: documents, file: files })
      .from(documents)
      .innerJoin(files, eq(files.id, documents.fileId))
      .where(eq(documents.fileId, fileId));
    if (!found) return { status: 'failed' };
    if (serverDied && (found.doc.status === 'parsing' || found.doc.status === 'ocr')) {
      this.log.warn({ fileId }, 'a parse was cut short by its server dying: not retried');
      await this.setStatus(fileId, 'failed', docFailureMessages.crashedWhileParsing, undefined, { chunkCount: 0 });
      return { status: 'failed' };
    }
    await this.setStatus(fileId, 'parsing', null, undefined, { ocrDone: null, ocrTotal: null, ocrWaiting: false });
    try {
      const object = await this.files.store.get(found.file.storageKey);
      if (!object) throw new DocumentParseError(docFailureMessages.corrupt);
      const bytes = await readAll(object.body);
      const progress = this.ocrProgressWriter(fileId);
      const parsed = await parseInWorker(
        found.file.mime,
        bytes,
        {
          maxPages: this.config.max_pages,
          maxRows: this.config.max_rows,
          // As many pages in flight as the shared pool has workers: one parse alone uses them all.
          ocr: this.config.ocr
            ? { workers: this.config.ocr_workers, maxImagePixels: this.config.max_image_pixels }
            : undefined,
        },
        {
          timeoutMs: this.config.parse_timeout_ms,
          memoryMb: this.config.parse_memory_mb,
          ocrPageTimeoutMs: this.config.ocr_page_timeout_ms,
          ocr: this.ocr,
          onOcrProgress: progress.report,
          signal,
        },
      ).finally(progress.flush);
      const chunks = chunkUnits(parsed.units);
      if (chunks.length === 0) throw new DocumentParseError(docFailureMessages.empty);
      let stored: { id: number; text: string }[] = [];
      await this.db.transaction(async (tx) => {
        await tx.delete(documentChunks).where(eq(documentChunks.fileId, fileId));
        stored = [];
        for (let i = 0; i < chunks.length; i += 500) {
          const rows = await tx
            .insert(documentChunks)
            .values(
              chunks.slice(i, i + 500).map((c, j) => ({
                fileId,
                collection: found.doc.collection,
                ord: i + j,
                page: c.page,
                row: c.row,
                text: c.text,
                position: c.position,
              })),
            )
            .returning({ id: documentChunks.id, text: documentChunks.text });
          stored.push(...rows);
        }
        await this.retrieval.terms.write(tx, fileId, stored);
      });
      // A ready file keeps a note of what was skipped (pages whose images were too large).
      await this.setStatus(fileId, 'ready', parsed.note ?? null, undefined, {
        pageCount: parsed.pageCount,
        chunkCount: chunks.length,
        // The parse stored its text normalised (parsers/normalize-parsed.ts).
        textForm: TEXT_FORM,
      });
      await this.embed(fileId, stored);
      return { status: 'ready' };
    } catch (error) {
      // Not the file's fault: the document stays as it is and the retried job parses it again.
      if (error instanceof ParseAbortedError) throw error;
      const reason = error instanceof DocumentParseError ? error.reason : docFailureMessages.corrupt;
      if (!(error instanceof DocumentParseError)) this.log.warn({ err: error, fileId }, 'parsing a document failed');
      await this.db.delete(documentChunks).where(eq(documentChunks.fileId, fileId));
      await this.setStatus(fileId, 'failed', reason, undefined, { chunkCount: 0 });
      return { status: 'failed' };
    }
  }

  /** One passage of the owner's collection, with its place on the page; undefined when it is not theirs. */
  async chunkIn(collection: string, ownerId: number, chunkId: number): Promise<DocumentChunkRow | undefined> {
    const [row] = await this.db
      .select({ chunk: documentChunks })
      .from(documentChunks)
      .innerJoin(documents, eq(documents.fileId, documentChunks.fileId))
      .where(
        and(eq(documentChunks.id, chunkId), eq(documentChunks.collection, collection), eq(documents.ownerId, ownerId)),
      )
      .limit(1);
    return row?.chunk;
  }

  /**
   * Adds the chunks' vectors once the document is ready (lexical search already finds it); a
   * failing embedding model is logged and leaves the document searchable by its words.
   */
  private async embed(fileId: string, chunks: readonly { id: number; text: string }[]): Promise<void> {
    const vectors = this.retrieval.vectors;
    if (!vectors) return;
    try {
      await vectors.write(fileId, chunks);
    } catch (err) {
      this.log.warn({ err, fileId }, 'embedding a document failed: it is found by its words only');
    }
  }

  private chunkFilter(collection: string, ownerId: number, fileIds?: readonly string[]) {
    const where = [
      eq(documentChunks.collection, collection),
      eq(documents.ownerId, ownerId),
      eq(documents.status, 'ready'),
    ];
    if (fileIds && fileIds.length > 0) where.push(inArray(documentChunks.fileId, [...fileIds]));
    return where;
  }

  /** Chunks of the collection's ready documents (optionally some files only), in document order. */
  async chunks(
    collection: string,
    ownerId: number,
    fileIds?: readonly string[],
    limit = 50_000,
  ): Promise<{ chunk: PassageRow; fileName: string }[]> {
    return this.db
      .select({ chunk: passageColumns, fileName: files.displayName })
      .from(documentChunks)
      .innerJoin(documents, eq(documents.fileId, documentChunks.fileId))
      .innerJoin(files, eq(files.id, documentChunks.fileId))
      .where(and(...this.chunkFilter(collection, ownerId, fileIds)))
      .orderBy(asc(documents.createdAt), asc(documentChunks.fileId), asc(documentChunks.ord))
      .limit(limit);
  }

  /** The passages of a collection that best match the query. */
  async search(
    collection: string,
    ownerId: number,
    query: string,
    limit: number,
    fileIds?: readonly string[],
  ): Promise<RetrievedChunk[]> {
    const scope = [eq(documents.collection, collection), eq(documents.ownerId, ownerId)];
    if (fileIds && fileIds.length > 0) scope.push(inArray(documents.fileId, [...fileIds]));
    return this.retrieval.search(and(...scope), query, limit);
  }
}

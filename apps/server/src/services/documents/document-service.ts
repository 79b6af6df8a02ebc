import { docFailureMessages, type DocStatus } from '@portal/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import {
  documentChunks,
  documents,
  files,
  type DocumentChunkRow,
  type DocumentRow,
  type FileRow,
} from '../../db/schema';
import type { FileService } from '../files';
import type { JobQueue } from '../jobs';
import { chunkUnits } from './chunker';
import type { DocumentsConfig } from './config';
import { parseInWorker } from './parse-runner';
import { DocumentParseError } from './parsers';
import { longTerms, rankPassages } from './retrieval';

/** The durable job that parses one document. */
export const DOCUMENT_PARSE_JOB = 'documents.parse';
interface ParseJob {
  fileId: string;
}

export interface DocumentWithFile {
  doc: DocumentRow;
  file: FileRow;
}

export interface RetrievedChunk {
  chunk: DocumentChunkRow;
  fileName: string;
  score: number;
}

/** Reads a whole stored object (documents are bounded by max_file_bytes). */
async function readAll(body: AsyncIterable<Uint8Array | string>): Promise<Uint8Array> {
  const parts: Buffer[] = [];
  for await (const part of body) parts.push(typeof part === 'string' ? Buffer.from(part) : Buffer.from(part));
  return new Uint8Array(Buffer.concat(parts));
}

/**
 * The document pipeline: a stored file joins a collection (a session, a report…), is parsed by a
 * durable job into chunks with page/row positions, and is searched lexically. Shared by every
 * module that reads documents; it knows no module names.
 */
export class DocumentService {
  constructor(
    private readonly db: Db,
    private readonly files: FileService,
    private readonly jobs: JobQueue,
    readonly config: DocumentsConfig,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
  ) {}

  /** Registers the parse worker; call before the queue starts. */
  registerWorker(): void {
    this.jobs.register<ParseJob>(DOCUMENT_PARSE_JOB, (job) => this.parse(job.data.fileId), {
      concurrency: this.config.concurrency,
      maxAttempts: 2,
    });
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
    extra: Partial<Pick<DocumentRow, 'pageCount' | 'chunkCount' | 'ocrDone' | 'ocrTotal'>> = {},
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
    report: (done: number, total: number) => void;
    flush: () => Promise<void>;
  } {
    let latest: { done: number; total: number } | null = null;
    let writing: Promise<void> = Promise.resolve();
    const write = async () => {
      const next = latest;
      if (!next) return;
      latest = null;
      await this.db
        .update(documents)
        .set({ status: 'ocr', ocrDone: next.done, ocrTotal: next.total, updatedAt: new Date() })
        .where(and(eq(documents.fileId, fileId), inArray(documents.status, ['parsing', 'ocr'])))
        .catch((err: unknown) => this.log.warn({ err, fileId }, 'recording OCR progress failed'));
    };
    return {
      report: (done, total) => {
        latest = { done, total };
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

  /** The parse job: reads the object, parses it, replaces the chunks; a readable failure ends as `failed`. */
  async parse(fileId: string): Promise<{ status: DocStatus }> {
    const [found] = await this.db
      .select({ doc: documents, file: files })
      .from(documents)
      .innerJoin(files, eq(files.id, documents.fileId))
      .where(eq(documents.fileId, fileId));
    if (!found) return { status: 'failed' };
    await this.setStatus(fileId, 'parsing', null, undefined, { ocrDone: null, ocrTotal: null });
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
          ocr: this.config.ocr ? { workers: this.config.ocr_workers } : undefined,
        },
        {
          timeoutMs: this.config.parse_timeout_ms,
          memoryMb: this.config.parse_memory_mb,
          ocrPageTimeoutMs: this.config.ocr_page_timeout_ms,
          onOcrProgress: progress.report,
        },
      ).finally(progress.flush);
      const chunks = chunkUnits(parsed.units);
      if (chunks.length === 0) throw new DocumentParseError(docFailureMessages.empty);
      await this.db.transaction(async (tx) => {
        await tx.delete(documentChunks).where(eq(documentChunks.fileId, fileId));
        for (let i = 0; i < chunks.length; i += 500) {
          await tx.insert(documentChunks).values(
            chunks.slice(i, i + 500).map((c, j) => ({
              fileId,
              collection: found.doc.collection,
              ord: i + j,
              page: c.page,
              row: c.row,
              text: c.text,
            })),
          );
        }
      });
      await this.setStatus(fileId, 'ready', null, undefined, {
        pageCount: parsed.pageCount,
        chunkCount: chunks.length,
      });
      return { status: 'ready' };
    } catch (error) {
      const reason = error instanceof DocumentParseError ? error.reason : docFailureMessages.corrupt;
      if (!(error instanceof DocumentParseError)) this.log.warn({ err: error, fileId }, 'parsing a document failed');
      await this.db.delete(documentChunks).where(eq(documentChunks.fileId, fileId));
      await this.setStatus(fileId, 'failed', reason, undefined, { chunkCount: 0 });
      return { status: 'failed' };
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

  /**
   * Chunks of the collection's ready documents (optionally some files only), in document order;
   * with `containing`, only those holding one of these terms (case-insensitive).
   */
  async chunks(
    collection: string,
    ownerId: number,
    fileIds?: readonly string[],
    limit = 50_000,
    containing?: readonly string[],
  ): Promise<{ chunk: DocumentChunkRow; fileName: string }[]> {
    const where = this.chunkFilter(collection, ownerId, fileIds);
    if (containing && containing.length > 0) {
      // Terms are letters, digits and CJK only (tokenize), so they need no LIKE escaping.
      const patterns = containing.map((t) => `%${t}%`);
      const list = sql.join(
        patterns.map((p) => sql`${p}`),
        sql`, `,
      );
      where.push(sql`${documentChunks.text} ilike any (array[${list}]::text[])`);
    }
    const rows = await this.db
      .select({ chunk: documentChunks, fileName: files.displayName })
      .from(documentChunks)
      .innerJoin(documents, eq(documents.fileId, documentChunks.fileId))
      .innerJoin(files, eq(files.id, documentChunks.fileId))
      .where(and(...where))
      .orderBy(asc(documents.createdAt), asc(documentChunks.fileId), asc(documentChunks.ord))
      .limit(limit);
    return rows;
  }

  /** The passages of a collection that best match the query. */
  async search(
    collection: string,
    ownerId: number,
    query: string,
    limit: number,
    fileIds?: readonly string[],
  ): Promise<RetrievedChunk[]> {
    // Only passages sharing a word or bigram with the query can rank: the database finds them,
    // and the collection's size keeps the weights (idf) as over the whole collection.
    const terms = longTerms(query);
    const [size] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(documentChunks)
      .innerJoin(documents, eq(documents.fileId, documentChunks.fileId))
      .where(and(...this.chunkFilter(collection, ownerId, fileIds)));
    const candidates = await this.chunks(collection, ownerId, fileIds, 50_000, terms);
    const ranked = rankPassages(
      query,
      candidates.map((r) => ({ ...r, text: r.chunk.text })),
      limit,
      size?.n ?? candidates.length,
    );
    return ranked.map((r) => ({ chunk: r.item.chunk, fileName: r.item.fileName, score: r.score }));
  }
}

import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  documentChunks,
  documents,
  files,
  passageColumns,
  type DocumentChunkRow,
  type PassageRow,
} from '../../db/schema';
import { Retrieval, type RetrievedChunk } from './retrieval';

/**
 * Retrieval over named files whoever uploaded them, for modules whose documents are shared (the
 * report library): the caller has already checked that the user may read every file id given.
 * Same ranking as DocumentService.search (see Retrieval); only ready documents count.
 */
export class FileScopedRetrieval {
  constructor(
    private readonly db: Db,
    private readonly retrieval: Retrieval,
  ) {}

  private where(fileIds: readonly string[]) {
    return and(inArray(documentChunks.fileId, [...fileIds]), eq(documents.status, 'ready'));
  }

  /** Chunks of these files in file order then reading order. */
  async chunks(fileIds: readonly string[], limit = 50_000): Promise<{ chunk: PassageRow; fileName: string }[]> {
    if (fileIds.length === 0) return [];
    return this.db
      .select({ chunk: passageColumns, fileName: files.displayName })
      .from(documentChunks)
      .innerJoin(documents, eq(documents.fileId, documentChunks.fileId))
      .innerJoin(files, eq(files.id, documentChunks.fileId))
      .where(this.where(fileIds))
      .orderBy(asc(documentChunks.fileId), asc(documentChunks.ord))
      .limit(limit);
  }

  /** The passages of these files that best match the query. */
  async search(fileIds: readonly string[], query: string, limit: number): Promise<RetrievedChunk[]> {
    if (fileIds.length === 0) return [];
    return this.retrieval.search(inArray(documents.fileId, [...fileIds]), query, limit);
  }

  /** One chunk by id with its file name and place on the page (visibility is the caller's business). */
  async chunk(id: number): Promise<{ chunk: DocumentChunkRow; fileName: string } | undefined> {
    const [row] = await this.db
      .select({ chunk: documentChunks, fileName: files.displayName })
      .from(documentChunks)
      .innerJoin(files, eq(files.id, documentChunks.fileId))
      .where(eq(documentChunks.id, id))
      .limit(1);
    return row;
  }
}

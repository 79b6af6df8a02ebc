import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { documentChunks, documents, files, type DocumentChunkRow } from '../../db/schema';
import type { RetrievedChunk } from './document-service';
import { longTerms, rankPassages } from './retrieval';

/**
 * Retrieval over named files whoever uploaded them, for modules whose documents are shared (the
 * report library): the caller has already checked that the user may read every file id given.
 * Same ranking as DocumentService.search; only ready documents count.
 */
export class FileScopedRetrieval {
  constructor(private readonly db: Db) {}

  private where(fileIds: readonly string[]) {
    return and(inArray(documentChunks.fileId, [...fileIds]), eq(documents.status, 'ready'));
  }

  /** Chunks of these files in file order then reading order; with `containing`, those holding a term. */
  async chunks(
    fileIds: readonly string[],
    limit = 50_000,
    containing?: readonly string[],
  ): Promise<{ chunk: DocumentChunkRow; fileName: string }[]> {
    if (fileIds.length === 0) return [];
    const where = [this.where(fileIds)];
    if (containing && containing.length > 0) {
      // Terms are letters, digits and CJK only (tokenize), so they need no LIKE escaping.
      const list = sql.join(
        containing.map((t) => sql`${`%${t}%`}`),
        sql`, `,
      );
      where.push(sql`${documentChunks.text} ilike any (array[${list}]::text[])`);
    }
    return this.db
      .select({ chunk: documentChunks, fileName: files.displayName })
      .from(documentChunks)
      .innerJoin(documents, eq(documents.fileId, documentChunks.fileId))
      .innerJoin(files, eq(files.id, documentChunks.fileId))
      .where(and(...where))
      .orderBy(asc(documentChunks.fileId), asc(documentChunks.ord))
      .limit(limit);
  }

  /** The passages of these files that best match the query. */
  async search(fileIds: readonly string[], query: string, limit: number): Promise<RetrievedChunk[]> {
    if (fileIds.length === 0) return [];
    const [size] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(documentChunks)
      .innerJoin(documents, eq(documents.fileId, documentChunks.fileId))
      .where(this.where(fileIds));
    const candidates = await this.chunks(fileIds, 50_000, longTerms(query));
    const ranked = rankPassages(
      query,
      candidates.map((r) => ({ ...r, text: r.chunk.text })),
      limit,
      size?.n ?? candidates.length,
    );
    return ranked.map((r) => ({ chunk: r.item.chunk, fileName: r.item.fileName, score: r.score }));
  }

  /** One chunk by id with its file name (visibility is the caller's business). */
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

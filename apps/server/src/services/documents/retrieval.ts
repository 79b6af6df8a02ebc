import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { documentChunks, documents, files, passageColumns, type PassageRow } from '../../db/schema';
import { fuseByRank } from './fusion';
import { normalizeText } from './normalize-text';
import { TermIndex } from './term-index';
import { tokenize } from './tokenize';
import type { VectorIndex } from './vector-index';

/** Each side of a fused search ranks this many passages per one asked for. */
const FUSION_DEPTH = 4;

export interface Scorable {
  text: string;
}

export interface RetrievedChunk {
  /** Without its place on the page: ranking and prompts never need the boxes. */
  chunk: PassageRow;
  fileName: string;
  score: number;
}

/**
 * Passages of the ready documents in a scope that best match a question: ranked lexically in the
 * database (see TermIndex) and, when an embedding model and pgvector are there (VectorIndex), by
 * vector distance too, the two fused by rank. Callers name the scope as a condition on
 * `documents` after checking who may read it; this class knows no modules.
 */
export class Retrieval {
  readonly terms: TermIndex;

  constructor(
    private readonly db: Db,
    readonly vectors: VectorIndex | null = null,
    private readonly log?: Pick<FastifyBaseLogger, 'warn'>,
  ) {
    this.terms = new TermIndex(db);
  }

  async search(scope: SQL | undefined, question: string, limit: number): Promise<RetrievedChunk[]> {
    // A question pasted from a PDF may carry radicals (⼆ for 二): in stored form for both rankings.
    const query = normalizeText(question);
    const inScope = await this.db
      .select({ fileId: documents.fileId, chunkCount: documents.chunkCount })
      .from(documents)
      .where(and(scope, eq(documents.status, 'ready')));
    const fileIds = inScope.map((d) => d.fileId);
    const chunkCount = inScope.reduce((n, d) => n + d.chunkCount, 0);
    const hits = await this.rank(fileIds, chunkCount, query, limit);
    if (hits.length === 0) return [];
    const rows = await this.db
      .select({ chunk: passageColumns, fileName: files.displayName })
      .from(documentChunks)
      .innerJoin(files, eq(files.id, documentChunks.fileId))
      .where(
        inArray(
          documentChunks.id,
          hits.map((h) => h.chunkId),
        ),
      );
    const byId = new Map(rows.map((r) => [r.chunk.id, r] as const));
    return hits.flatMap((h) => {
      const row = byId.get(h.chunkId);
      return row ? [{ ...row, score: h.score }] : [];
    });
  }

  /** Chunk ids best first: lexical alone, or fused with the nearest vectors. */
  private async rank(fileIds: string[], chunkCount: number, query: string, limit: number) {
    if (!this.vectors) return this.terms.search(fileIds, chunkCount, query, limit);
    const depth = limit * FUSION_DEPTH;
    const [lexical, nearest] = await Promise.all([
      this.terms.search(fileIds, chunkCount, query, depth),
      // A model that is down or slow must not take the answer with it: lexical results stand.
      this.vectors.search(fileIds, query, depth).catch((err: unknown) => {
        this.log?.warn({ err }, 'embedding the question failed: lexical results only');
        return [];
      }),
    ]);
    return fuseByRank([lexical.map((h) => h.chunkId), nearest.map((h) => h.chunkId)], limit).map((f) => ({
      chunkId: f.id,
      score: f.score,
    }));
  }
}

/** The most telling terms of a collection (frequent, but not in every passage), for suggestions. */
export function topTerms(passages: readonly Scorable[], limit: number): string[] {
  const df = new Map<string, number>();
  const tf = new Map<string, number>();
  for (const p of passages) {
    const terms = tokenize(p.text).filter((t) => t.length >= 2 && !/^\d+$/.test(t));
    for (const t of terms) tf.set(t, (tf.get(t) ?? 0) + 1);
    for (const t of new Set(terms)) df.set(t, (df.get(t) ?? 0) + 1);
  }
  const n = passages.length;
  // A short document repeats little: there, a term seen once still says what it is about.
  const minCount = n >= 5 ? 2 : 1;
  return [...tf.entries()]
    .filter(([t, f]) => f >= minCount && (n < 3 || (df.get(t) ?? 0) < n))
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, limit)
    .map(([t]) => t);
}

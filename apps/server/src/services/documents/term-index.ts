import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chunkTerms, documentChunks, documentTerms, documents } from '../../db/schema';
import { anyTermQuery, queryTerms, termQuery, termVector } from './lexical';

/** Executes statements inside or outside a transaction. */
type Executor = Pick<Db, 'select' | 'insert' | 'delete'>;

/**
 * Chunks that must match a term to be scored at all: the rarest terms are taken until their
 * chunks add up to this, so a question holding a word found everywhere (报告, 公司) does not make
 * the database score every chunk in scope. The commoner terms still add to the score of the
 * chunks found.
 */
const CANDIDATE_BUDGET = 2_000;
/** When even the rarest term is everywhere, scoring stops at this many chunks. */
const CANDIDATE_CAP = 10_000;
const INSERT_BATCH = 500;

export interface LexicalHit {
  chunkId: number;
  score: number;
}

/**
 * The lexical index in the database: each chunk's segmented terms as a tsvector (GIN-indexed) and
 * each document's term counts. Ranking is BM25-like and runs in SQL: weights (idf) from the
 * documents' term counts, term frequency from the positions (ts_rank of a single term grows
 * with its occurrences and saturates, like BM25's), only over the documents in scope.
 */
export class TermIndex {
  constructor(private readonly db: Db) {}

  /** Indexes a document's chunks (its previous terms must be gone: they go with its chunks). */
  async write(tx: Executor, fileId: string, chunks: readonly { id: number; text: string }[]): Promise<void> {
    const counts = new Map<string, number>();
    const rows = chunks.map((c) => {
      const { literal, terms } = termVector(c.text);
      for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
      return { chunkId: c.id, fileId, terms: literal };
    });
    await tx.delete(documentTerms).where(eq(documentTerms.fileId, fileId));
    for (let i = 0; i < rows.length; i += INSERT_BATCH) {
      await tx.insert(chunkTerms).values(rows.slice(i, i + INSERT_BATCH));
    }
    const termRows = [...counts].map(([term, n]) => ({ fileId, term, chunks: n }));
    for (let i = 0; i < termRows.length; i += INSERT_BATCH) {
      await tx.insert(documentTerms).values(termRows.slice(i, i + INSERT_BATCH));
    }
  }

  /**
   * Indexes documents parsed before the index existed, one document at a time; returns how many.
   * Idempotent: a document indexed meanwhile (by a parse or another process) is skipped.
   */
  async backfill(): Promise<number> {
    let done = 0;
    for (;;) {
      const [next] = await this.db
        .select({ fileId: documentChunks.fileId })
        .from(documentChunks)
        .leftJoin(chunkTerms, eq(chunkTerms.chunkId, documentChunks.id))
        .where(isNull(chunkTerms.chunkId))
        .limit(1);
      if (!next) return done;
      await this.db.transaction(async (tx) => {
        // Locks the document row so a parse replacing its chunks waits for this (or runs first).
        await tx
          .select({ fileId: documents.fileId })
          .from(documents)
          .where(eq(documents.fileId, next.fileId))
          .for('update');
        const chunks = await tx
          .select({ id: documentChunks.id, text: documentChunks.text })
          .from(documentChunks)
          .where(eq(documentChunks.fileId, next.fileId))
          .orderBy(asc(documentChunks.ord));
        await tx.delete(chunkTerms).where(eq(chunkTerms.fileId, next.fileId));
        await this.write(tx, next.fileId, chunks);
      });
      done++;
    }
  }

  /** The best chunks of these documents (`chunkCount` chunks in all) for the query, best first. */
  async search(fileIds: readonly string[], chunkCount: number, query: string, limit: number): Promise<LexicalHit[]> {
    const terms = queryTerms(query);
    if (fileIds.length === 0 || terms.length === 0 || limit <= 0) return [];
    const df = await this.db
      .select({ term: documentTerms.term, chunks: sql<number>`sum(${documentTerms.chunks})::int` })
      .from(documentTerms)
      .where(and(inArray(documentTerms.fileId, [...fileIds]), inArray(documentTerms.term, terms)))
      .groupBy(documentTerms.term);
    if (df.length === 0) return [];
    const n = Math.max(chunkCount, ...df.map((d) => d.chunks));
    const weighted = df
      .map((d) => ({ term: d.term, chunks: d.chunks, idf: Math.log(1 + (n - d.chunks + 0.5) / (d.chunks + 0.5)) }))
      .sort((a, b) => a.chunks - b.chunks || a.term.localeCompare(b.term));
    const required: string[] = [];
    let budget = CANDIDATE_BUDGET;
    for (const w of weighted) {
      if (required.length > 0 && w.chunks > budget) break;
      required.push(w.term);
      budget -= w.chunks;
    }
    const candidates = this.db
      .select({ chunkId: chunkTerms.chunkId, terms: chunkTerms.terms })
      .from(chunkTerms)
      .where(
        and(inArray(chunkTerms.fileId, [...fileIds]), sql`${chunkTerms.terms} @@ ${anyTermQuery(required)}::tsquery`),
      )
      .limit(CANDIDATE_CAP)
      .as('candidates');
    // ts_rank of one term is 0.0608 for one occurrence, rising towards 0.1 for many: scaled so
    // that one occurrence counts 1, it saturates at 1.64 as BM25's term frequency does.
    const parts = weighted.map(
      (w) =>
        sql`${w.idf}::float8 * coalesce(nullif(ts_rank(${candidates.terms}, ${termQuery(w.term)}::tsquery), 0) / 0.0608, 0)`,
    );
    const score = sql<number>`(${sql.join(parts, sql` + `)})`;
    const rows = await this.db
      .select({ chunkId: candidates.chunkId, score: score.as('score') })
      .from(candidates)
      .orderBy(desc(sql`score`), asc(candidates.chunkId))
      .limit(limit);
    return rows.map((r) => ({ chunkId: Number(r.chunkId), score: Number(r.score) }));
  }
}

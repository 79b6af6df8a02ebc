import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Embedder } from './embedder';

type Log = Pick<FastifyBaseLogger, 'info' | 'warn'>;

/** The vector literal pgvector reads ('[0.1,0.2,…]'). */
const literal = (v: readonly number[]) => `[${v.join(',')}]`;

/** Rows of a raw statement on either driver (both answer with `rows`). */
async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export interface VectorHit {
  chunkId: number;
  distance: number;
}

/**
 * Chunk embeddings in the database, searched by cosine distance with pgvector. The table lives
 * outside the migrations because the extension is optional: PGlite ships it, a PostgreSQL server
 * may not have it installed, and then retrieval stays lexical. Its vector length follows the
 * configured model, so a table of another length (a changed model) is rebuilt; embeddings can
 * always be made again. Searches are exact over the documents in scope (a session's or a
 * conversation's few documents): an approximate index would filter after picking neighbours
 * and could miss the scope's passages entirely.
 */
export class VectorIndex {
  private constructor(
    private readonly db: Db,
    readonly embedder: Embedder,
  ) {}

  /** The index when the database has pgvector, else null (logged once, here). */
  static async open(db: Db, embedder: Embedder, log: Log): Promise<VectorIndex | null> {
    const dimensions = embedder.config.dimensions;
    try {
      await db.execute(sql`create extension if not exists vector`);
      const [existing] = await rows<{ type: string }>(
        db,
        sql`select format_type(atttypid, atttypmod) as type from pg_attribute
            where attrelid = to_regclass('chunk_vectors') and attname = 'embedding'`,
      );
      if (existing && existing.type !== `vector(${dimensions})`) {
        log.info({ was: existing.type, now: dimensions }, 'embedding length changed: chunk vectors are rebuilt');
        await db.execute(sql`drop table chunk_vectors`);
      }
      await db.execute(
        sql.raw(`create table if not exists chunk_vectors (
          chunk_id bigint primary key references document_chunks(id) on delete cascade,
          file_id text not null references documents(file_id) on delete cascade,
          model text not null,
          embedding vector(${dimensions}) not null
        )`),
      );
      await db.execute(sql`create index if not exists chunk_vectors_file_idx on chunk_vectors (file_id)`);
      return new VectorIndex(db, embedder);
    } catch (err) {
      log.warn({ err }, 'the database has no pgvector extension: document retrieval is lexical only');
      return null;
    }
  }

  /** Embeds a document's chunks in batches and stores the vectors (replacing older ones). */
  async write(fileId: string, chunks: readonly { id: number; text: string }[]): Promise<void> {
    const model = this.embedder.model;
    for (let i = 0; i < chunks.length; i += this.embedder.config.batchSize) {
      const batch = chunks.slice(i, i + this.embedder.config.batchSize);
      const vectors = await this.embedder.embed(batch.map((c) => c.text));
      const values = sql.join(
        batch.map((c, j) => sql`(${c.id}, ${fileId}, ${model}, ${literal(vectors[j]!)}::vector)`),
        sql`, `,
      );
      await this.db.execute(
        sql`insert into chunk_vectors (chunk_id, file_id, model, embedding) values ${values}
            on conflict (chunk_id) do update set model = excluded.model, embedding = excluded.embedding`,
      );
    }
  }

  /**
   * Embeds the ready documents that have chunks without a vector of the configured model (parsed
   * before embeddings were configured, or when the model changed); returns how many. A failing
   * model ends the pass: the next start tries again.
   */
  async backfill(): Promise<number> {
    let done = 0;
    for (;;) {
      const [next] = await rows<{ file_id: string }>(
        this.db,
        sql`select c.file_id from document_chunks c
            join documents d on d.file_id = c.file_id and d.status = 'ready'
            left join chunk_vectors v on v.chunk_id = c.id and v.model = ${this.embedder.model}
            where v.chunk_id is null limit 1`,
      );
      if (!next) return done;
      const chunks = await rows<{ id: string | number; text: string }>(
        this.db,
        sql`select id, text from document_chunks where file_id = ${next.file_id} order by ord`,
      );
      await this.write(
        next.file_id,
        chunks.map((c) => ({ id: Number(c.id), text: c.text })),
      );
      done++;
    }
  }

  /** The chunks of these documents nearest to the query, nearest first. */
  async search(fileIds: readonly string[], query: string, limit: number, signal?: AbortSignal): Promise<VectorHit[]> {
    if (fileIds.length === 0 || limit <= 0) return [];
    const [vector] = await this.embedder.embed([query], signal);
    const found = await rows<{ chunk_id: string | number; distance: number }>(
      this.db,
      sql`select chunk_id, embedding <=> ${literal(vector!)}::vector as distance from chunk_vectors
          where file_id in (${sql.join(
            fileIds.map((f) => sql`${f}`),
            sql`, `,
          )}) and model = ${this.embedder.model}
          order by distance, chunk_id limit ${limit}`,
    );
    return found.map((r) => ({ chunkId: Number(r.chunk_id), distance: Number(r.distance) }));
  }
}

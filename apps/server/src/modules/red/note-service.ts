import type { RedCollectionList, RedModelAnalysis, RedNoteDetail } from '@portal/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { redCollections, redNotes } from '../../db/schema';
import { rows } from '../../lib/sql-rows';
import { articleColumns, toArticle, type ArticleRow } from './article-rows';

/** One note's detail, and each user's collected notes (a user sees only their own). */
export class NoteService {
  constructor(private readonly db: Db) {}

  async pkOf(noteId: string): Promise<number | null> {
    const [row] = await this.db.select({ id: redNotes.id }).from(redNotes).where(eq(redNotes.noteId, noteId));
    return row?.id ?? null;
  }

  async detail(userId: number, noteId: string): Promise<RedNoteDetail | null> {
    const [row] = await rows<
      ArticleRow &
        Pick<RedNoteDetail, 'content' | 'sentiment_score' | 'sentences' | 'scenes' | 'keywords' | 'source'> & {
          model_analysis: RedModelAnalysis | null;
        }
    >(
      this.db,
      sql`SELECT ${articleColumns(userId)}, n.content, n.sentiment_score::float8 AS sentiment_score, n.sentences,
            n.scenes, n.keywords, n.source, n.model_analysis
          FROM red_notes n WHERE n.note_id = ${noteId}`,
    );
    if (!row) return null;
    const mentions = await rows<RedNoteDetail['mentions'][number]>(
      this.db,
      sql`SELECT pj.name AS project, b.name AS brand, p.name AS product
          FROM red_note_brands nb JOIN red_brands b ON b.id = nb.brand_id JOIN red_projects pj ON pj.id = nb.project_id
          LEFT JOIN red_products p ON nb.product_ids @> to_jsonb(p.id)
          WHERE nb.note_pk = ${row.pk} ORDER BY pj.id, b.id, p.id`,
    );
    return {
      ...toArticle(row),
      content: row.content,
      sentiment_score: row.sentiment_score,
      sentences: row.sentences,
      scenes: row.scenes,
      keywords: row.keywords,
      source: row.source,
      mentions,
      aspects: row.model_analysis?.aspects ?? [],
      analysed_by: row.model_analysis && !row.model_analysis.failed ? row.model_analysis.model : null,
    };
  }

  async collect(userId: number, notePk: number, on: boolean): Promise<void> {
    if (on) await this.db.insert(redCollections).values({ userId, notePk }).onConflictDoNothing();
    else {
      await this.db
        .delete(redCollections)
        .where(and(eq(redCollections.userId, userId), eq(redCollections.notePk, notePk)));
    }
  }

  async collections(userId: number, page: number, pageSize: number): Promise<RedCollectionList> {
    const [count] = await rows<{ total: number }>(
      this.db,
      sql`SELECT count(*)::int AS total FROM red_collections WHERE user_id = ${userId}`,
    );
    const found = await rows<ArticleRow & { collected_at: string }>(
      this.db,
      sql`SELECT ${articleColumns(userId)},
            to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS collected_at
          FROM red_collections c JOIN red_notes n ON n.id = c.note_pk
          WHERE c.user_id = ${userId} ORDER BY c.created_at DESC, n.id DESC
          LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
    );
    return { list: found.map((r) => ({ ...toArticle(r), collected_at: r.collected_at })), total: count?.total ?? 0 };
  }
}

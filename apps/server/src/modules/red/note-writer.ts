import { RED_INTERACTION_WEIGHTS } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { NewRedNote } from '../../db/schema';
import { rows } from '../../lib/sql-rows';
import { analyseNote } from './analysis/analyse-note';
import type { BrandMatcher } from './analysis/brand-matcher';
import { countNotes } from './daily-aggregates';
import type { NoteInput } from './import/note-row';

export interface WriteResult {
  imported: number;
  duplicates: number;
}

/**
 * Notes written per call by the import, the pull and the sample seeder. Each call is one
 * transaction with a dozen statements (the notes, their topics and brands, ten aggregate upserts)
 * whose fixed cost a larger batch shares: on PGlite 20,000 notes took 7.0 s in batches of 1,000,
 * 5.7 s in batches of 2,500 and 5.4 s in batches of 5,000. 2,500 keeps a transaction short enough
 * for an aggregate rebuild waiting on the lock, and a 100,000-row import reports progress 40 times.
 */
export const NOTE_WRITE_BATCH = 2500;

export function weightedOf(n: Pick<NoteInput, 'likes' | 'collects' | 'comments' | 'shares'>): number {
  const w = RED_INTERACTION_WEIGHTS;
  return n.likes * w.likes + n.collects * w.collects + n.comments * w.comments + n.shares * w.shares;
}

/**
 * Stores checked notes with their analysis, one transaction per batch, and counts them in the
 * daily aggregates. A note id already stored (or twice in the batch) is a duplicate and changes
 * nothing, so a file imported twice, or a job retried after a crash, doubles nothing.
 */
export async function writeNotes(
  db: Db,
  notes: NoteInput[],
  matcher: BrandMatcher,
  options: { source: string; isSample?: boolean },
): Promise<WriteResult> {
  const unique = [...new Map(notes.map((n) => [n.noteId, n])).values()];
  if (unique.length === 0) return { imported: 0, duplicates: notes.length };
  const analysed = unique.map((n) => ({ note: n, analysis: analyseNote(n.title, n.content, n.topics, matcher) }));
  const values: NewRedNote[] = analysed.map(({ note: n, analysis: a }) => ({
    noteId: n.noteId,
    source: options.source,
    title: n.title,
    content: n.content,
    author: n.author,
    publishedAt: n.publishedAt,
    likes: n.likes,
    collects: n.collects,
    comments: n.comments,
    shares: n.shares,
    interactions: n.likes + n.collects + n.comments + n.shares,
    weighted: weightedOf(n),
    topics: n.topics,
    imageCount: n.imageCount,
    link: n.link,
    sentiment: a.sentiment,
    sentimentScore: a.sentimentScore,
    sentences: a.sentences,
    scenes: a.scenes,
    keywords: a.keywords,
    titleLength: [...n.title].length,
    contentLength: [...n.content].length,
    isSample: options.isSample ?? false,
  }));
  const byNoteId = new Map(analysed.map((x) => [x.note.noteId, x]));
  // One JSON parameter per table instead of thousands of bound values: on PGlite this is several
  // times faster for a batch of hundreds of notes, and the same SQL runs on PostgreSQL.
  const noteJson = JSON.stringify(values.map((v) => ({ ...v, publishedAt: (v.publishedAt as Date).toISOString() })));
  return db.transaction(async (tx) => {
    const inserted = await rows<{ id: number; note_id: string }>(
      tx,
      sql`INSERT INTO red_notes (note_id, source, title, content, author, published_at, likes, collects, comments,
            shares, interactions, weighted, topics, image_count, link, sentiment, sentiment_score, sentences, scenes,
            keywords, title_length, content_length, is_sample)
          SELECT r."noteId", r.source, r.title, r.content, r.author, r."publishedAt", r.likes, r.collects, r.comments,
            r.shares, r.interactions, r.weighted, r.topics, r."imageCount", r.link, r.sentiment, r."sentimentScore",
            r.sentences, r.scenes, r.keywords, r."titleLength", r."contentLength", r."isSample"
          FROM jsonb_to_recordset(${noteJson}::jsonb) AS r("noteId" text, source text, title text, content text,
            author text, "publishedAt" timestamptz, likes int, collects int, comments int, shares int,
            interactions int, weighted int, topics jsonb, "imageCount" int, link text, sentiment text,
            "sentimentScore" real, sentences jsonb, scenes jsonb, keywords jsonb, "titleLength" int,
            "contentLength" int, "isSample" boolean)
          ON CONFLICT (note_id) DO NOTHING
          RETURNING id::int AS id, note_id`,
    );
    const brandRows = [];
    const topicRows = [];
    const firstSeen = new Map<string, string>();
    for (const { id, note_id: noteId } of inserted) {
      const { note, analysis } = byNoteId.get(noteId)!;
      const at = note.publishedAt.toISOString();
      for (const m of analysis.mentions) {
        brandRows.push({ p: id, j: m.projectId, b: m.brandId, ids: m.productIds, at });
      }
      for (const topic of note.topics) {
        topicRows.push({
          p: id,
          t: topic,
          at,
          i: note.likes + note.collects + note.comments + note.shares,
          w: weightedOf(note),
        });
        const seen = firstSeen.get(topic);
        if (!seen || at < seen) firstSeen.set(topic, at);
      }
    }
    if (brandRows.length > 0) {
      await tx.execute(
        sql`INSERT INTO red_note_brands (note_pk, project_id, brand_id, product_ids, published_at)
            SELECT r.p, r.j, r.b, r.ids, r.at FROM jsonb_to_recordset(${JSON.stringify(brandRows)}::jsonb)
              AS r(p int, j int, b int, ids jsonb, at timestamptz)
            ON CONFLICT DO NOTHING`,
      );
    }
    if (topicRows.length > 0) {
      await tx.execute(
        sql`INSERT INTO red_note_topics (note_pk, topic, published_at, interactions, weighted)
            SELECT r.p, r.t, r.at, r.i, r.w FROM jsonb_to_recordset(${JSON.stringify(topicRows)}::jsonb)
              AS r(p int, t text, at timestamptz, i int, w int)
            ON CONFLICT DO NOTHING`,
      );
    }
    if (firstSeen.size > 0) {
      const seen = JSON.stringify([...firstSeen].map(([t, at]) => ({ t, at })));
      await tx.execute(
        sql`INSERT INTO red_topics (topic, first_seen)
            SELECT r.t, r.at FROM jsonb_to_recordset(${seen}::jsonb) AS r(t text, at timestamptz)
            ON CONFLICT (topic) DO UPDATE SET first_seen = least(red_topics.first_seen, excluded.first_seen)`,
      );
    }
    await countNotes(
      tx,
      inserted.map((r) => r.id),
    );
    return { imported: inserted.length, duplicates: notes.length - inserted.length };
  });
}

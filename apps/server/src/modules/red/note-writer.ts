import { RED_INTERACTION_WEIGHTS } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { redNoteBrands, redNotes, redNoteTopics, redTopics, type NewRedNote } from '../../db/schema';
import { analyseNote } from './analysis/analyse-note';
import type { BrandMatcher } from './analysis/brand-matcher';
import type { NoteInput } from './import/note-row';

export interface WriteResult {
  imported: number;
  duplicates: number;
}

export function weightedOf(n: Pick<NoteInput, 'likes' | 'collects' | 'comments' | 'shares'>): number {
  const w = RED_INTERACTION_WEIGHTS;
  return n.likes * w.likes + n.collects * w.collects + n.comments * w.comments + n.shares * w.shares;
}

/**
 * Stores checked notes with their analysis, one transaction per batch. A note id already stored
 * (or twice in the batch) is a duplicate and changes nothing, so a file imported twice, or a job
 * retried after a crash, doubles nothing.
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
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(redNotes)
      .values(values)
      .onConflictDoNothing({ target: redNotes.noteId })
      .returning({ id: redNotes.id, noteId: redNotes.noteId });
    const brandRows = [];
    const topicRows = [];
    const firstSeen = new Map<string, Date>();
    for (const { id, noteId } of inserted) {
      const { note, analysis } = byNoteId.get(noteId)!;
      for (const m of analysis.mentions) {
        brandRows.push({ notePk: id, projectId: m.projectId, brandId: m.brandId, productIds: m.productIds, publishedAt: note.publishedAt });
      }
      for (const topic of note.topics) {
        topicRows.push({
          notePk: id,
          topic,
          publishedAt: note.publishedAt,
          interactions: note.likes + note.collects + note.comments + note.shares,
          weighted: weightedOf(note),
        });
        const seen = firstSeen.get(topic);
        if (!seen || note.publishedAt < seen) firstSeen.set(topic, note.publishedAt);
      }
    }
    if (brandRows.length > 0) await tx.insert(redNoteBrands).values(brandRows).onConflictDoNothing();
    if (topicRows.length > 0) await tx.insert(redNoteTopics).values(topicRows).onConflictDoNothing();
    if (firstSeen.size > 0) {
      await tx
        .insert(redTopics)
        .values([...firstSeen].map(([topic, at]) => ({ topic, firstSeen: at })))
        .onConflictDoUpdate({
          target: redTopics.topic,
          set: { firstSeen: sql`least(${redTopics.firstSeen}, excluded.first_seen)` },
        });
    }
    return { imported: inserted.length, duplicates: notes.length - inserted.length };
  });
}

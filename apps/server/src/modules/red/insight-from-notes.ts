import type { RedHighQuality, RedSceneInsight, RedSentimentDetail } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rows } from '../../lib/sql-rows';
import { SCENE_GROUPS } from './analysis/scenes';
import { whereOf, type ResolvedFilter } from './insight-filter';
import { addHourRows, emptySums, NOTE_HOUR, noQuality, noteSumColumns, qualityAnswer } from './quality-sums';

export type SentenceRow = Omit<RedSentimentDetail['list'][number], 'brands'> & { brands: string[] | null };

/** The columns of a sentence row (notes `n`, sentence `s`), its note's brands and date. */
export const sentenceColumns = sql`n.note_id, n.title, s.sentence,
  (SELECT jsonb_agg(b.name ORDER BY b.name) FROM red_note_brands nb JOIN red_brands b ON b.id = nb.brand_id
    WHERE nb.note_pk = n.id) AS brands,
  to_char(n.published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS published_at`;

/** Strongest first; a note's sentences of equal strength in reading order. */
export const SENTENCE_ORDER = sql`abs((s.sentence->>'score')::float8) DESC, n.published_at DESC, n.id, s.i`;

/** A scene's share, its positive and negative notes, and the group's first words, as the card shows. */
export function sceneAnswer(
  total: number,
  scenes: { scene: string; note_count: number; positive: number; negative: number }[],
  keywords: RedSceneInsight['keywords'],
): RedSceneInsight {
  const groupWords = new Map(SCENE_GROUPS.map((g) => [g.scene, g.words.slice(0, 5)]));
  return {
    scenes: scenes.map((s) => ({
      ...s,
      share: total > 0 ? Math.round((s.note_count / total) * 1000) / 1000 : 0,
      keywords: [...(groupWords.get(s.scene) ?? [])],
    })),
    keywords,
  };
}

/**
 * The scene, sentence and high-performing-note queries over the filtered notes themselves: for
 * the filters the daily aggregates cannot answer (a keyword, several categories), and the
 * reference the aggregates are tested against.
 */
export class NoteInsight {
  constructor(private readonly db: Db) {}

  async sceneInsight(f: ResolvedFilter): Promise<RedSceneInsight> {
    if (f.empty) return { scenes: [], keywords: [] };
    const [count] = await rows<{ total: number }>(
      this.db,
      sql`SELECT count(*)::int AS total FROM red_notes n WHERE ${whereOf(f)}`,
    );
    const scenes = await rows<{ scene: string; note_count: number; positive: number; negative: number }>(
      this.db,
      sql`SELECT s.scene, count(*)::int AS note_count,
            count(*) FILTER (WHERE n.sentiment = 'positive')::int AS positive,
            count(*) FILTER (WHERE n.sentiment = 'negative')::int AS negative
          FROM red_notes n CROSS JOIN LATERAL jsonb_array_elements_text(n.scenes) s(scene)
          WHERE ${whereOf(f)} GROUP BY 1 ORDER BY 2 DESC, 1`,
    );
    const keywords = await rows<{ word: string; weight: number }>(
      this.db,
      sql`SELECT k.word, count(*)::int AS weight
          FROM red_notes n CROSS JOIN LATERAL jsonb_array_elements_text(n.keywords) k(word)
          WHERE ${whereOf(f)} GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 40`,
    );
    return sceneAnswer(count?.total ?? 0, scenes, keywords);
  }

  async sentimentDetail(
    f: ResolvedFilter,
    polarity: 'positive' | 'negative',
    page: number,
    pageSize: number,
  ): Promise<RedSentimentDetail> {
    if (f.empty) return { list: [], total: 0 };
    const from = sql`FROM red_notes n CROSS JOIN LATERAL jsonb_array_elements(n.sentences) WITH ORDINALITY s(sentence, i)
      WHERE ${whereOf(f)} AND s.sentence->>'polarity' = ${polarity}`;
    const [count] = await rows<{ total: number }>(this.db, sql`SELECT count(*)::int AS total ${from}`);
    const found = await rows<SentenceRow>(
      this.db,
      sql`SELECT ${sentenceColumns} ${from} ORDER BY ${SENTENCE_ORDER}
          LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
    );
    return { total: count?.total ?? 0, list: found.map((r) => ({ ...r, brands: r.brands ?? [] })) };
  }

  async highQuality(f: ResolvedFilter): Promise<RedHighQuality> {
    if (f.empty) return noQuality();
    const [cut] = await rows<{ threshold: number | null; total: number }>(
      this.db,
      sql`SELECT percentile_disc(0.9) WITHIN GROUP (ORDER BY n.interactions)::float8 AS threshold, count(*)::int AS total
          FROM red_notes n WHERE ${whereOf(f)}`,
    );
    if (!cut || cut.total === 0) return noQuality();
    const threshold = cut.threshold ?? 0;
    // The top tenth: notes at or above the 90th percentile (at least one note).
    const high = sql`(n.interactions >= ${threshold})`;
    const byHour = await rows<Record<string, number>>(
      this.db,
      sql`SELECT ${NOTE_HOUR} AS hour, ${noteSumColumns('a')}, ${noteSumColumns('h', high)}
          FROM red_notes n WHERE ${whereOf(f)} GROUP BY 1`,
    );
    const topics = await rows<{ topic: string; count: number }>(
      this.db,
      sql`SELECT t.topic, count(*)::int AS count
          FROM red_notes n CROSS JOIN LATERAL jsonb_array_elements_text(n.topics) t(topic)
          WHERE ${whereOf(f)} AND ${high} GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 15`,
    );
    return qualityAnswer(
      threshold,
      addHourRows(emptySums(), byHour, 'a'),
      addHourRows(emptySums(), byHour, 'h'),
      topics,
    );
  }
}

import type { RedHighQuality, RedSceneInsight, RedSentimentDetail } from '@portal/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rows } from '../../lib/sql-rows';
import { dailyRange, notesInBucket, sentencesInScope } from './daily-scope';
import { chinaStart, type ResolvedFilter } from './insight-filter';
import { sceneAnswer, SENTENCE_ORDER, sentenceColumns, type SentenceRow } from './insight-from-notes';
import { bandBuckets, bucketRange } from './interaction-buckets';
import { addSums, emptySums, NOTE_HOUR, noQuality, qualityAnswer, type QualitySums } from './quality-sums';
import { TITLE_PATTERNS } from './title-patterns';

const DAY_MS = 86_400_000;

/** The sums of a band or a bucket (`key`), as `sumColumns` names them. */
type SumRow = Record<string, number> & { key: number; notes: number };
/** Notes, lengths, images, p0… per title pattern and h0…h23 per hour, summed over rows `d`. */
const sumColumns = sql.join(
  [
    sql`sum(d.notes)::int AS notes, sum(d.title_length)::float8 AS tl`,
    sql`sum(d.content_length)::float8 AS cl, sum(d.image_count)::float8 AS ic`,
    ...TITLE_PATTERNS.map((_, i) => sql.raw(`sum(d.patterns[${i + 1}])::int AS p${i}`)),
    ...Array.from({ length: 24 }, (_, h) => sql.raw(`sum(d.hours[${h + 1}])::int AS h${h}`)),
  ],
  sql`, `,
);
/** A note of the threshold's bucket at or above it: China hour, lengths, images, topics, p0… title patterns. */
type BucketNote = Record<string, unknown> & {
  hour: number;
  tl: number;
  cl: number;
  ic: number;
  topics: string[];
};

/**
 * The scene, sentence and high-performing-note queries from the daily aggregates
 * (daily-aggregates.ts), for a filter `dailyScope` accepts (`scope`). The answers are those of
 * NoteInsight; where an answer depends on single notes (the 90th percentile, a page of sentences)
 * the aggregates say which few notes to read.
 */
export class DailyInsight {
  constructor(private readonly db: Db) {}

  async sceneInsight(f: ResolvedFilter, scope: SQL): Promise<RedSceneInsight> {
    const where = sql`${scope} AND ${dailyRange(f)}`;
    const [count] = await rows<{ total: number }>(
      this.db,
      sql`SELECT coalesce(sum(d.notes), 0)::int AS total FROM red_daily_counts d WHERE ${where}`,
    );
    const scenes = await rows<{ scene: string; note_count: number; positive: number; negative: number }>(
      this.db,
      sql`SELECT d.scene, sum(d.notes)::int AS note_count,
            coalesce(sum(d.notes) FILTER (WHERE d.sentiment = 'positive'), 0)::int AS positive,
            coalesce(sum(d.notes) FILTER (WHERE d.sentiment = 'negative'), 0)::int AS negative
          FROM red_daily_scenes d WHERE ${where} GROUP BY 1 HAVING sum(d.notes) > 0 ORDER BY 2 DESC, 1`,
    );
    const keywords = await rows<{ word: string; weight: number }>(
      this.db,
      sql`SELECT d.word, sum(d.notes)::int AS weight FROM red_daily_keywords d WHERE ${where}
          GROUP BY 1 HAVING sum(d.notes) > 0 ORDER BY 2 DESC, 1 LIMIT 40`,
    );
    return sceneAnswer(count?.total ?? 0, scenes, keywords);
  }

  /**
   * Sentences per (strength, day) from the aggregates give the total and the cells a page falls
   * in (strongest first, then newest day, as the list is ordered). Each cell's sentences are read
   * from red_note_sentences in the list's order, only as many as the page needs (the cell index
   * walked, each row's mention probed), and only the page's notes are read.
   */
  async sentimentDetail(
    f: ResolvedFilter,
    scope: SQL,
    polarity: 'positive' | 'negative',
    page: number,
    pageSize: number,
  ): Promise<RedSentimentDetail> {
    const cells = await rows<{ score: number; day: string; count: number }>(
      this.db,
      sql`SELECT d.score, d.day, sum(d.sentences)::int AS count FROM red_daily_sentences d
          WHERE ${scope} AND ${dailyRange(f)} AND d.polarity = ${polarity}
          GROUP BY 1, 2 HAVING sum(d.sentences) > 0 ORDER BY 1 DESC, 2 DESC`,
    );
    const total = cells.reduce((sum, c) => sum + c.count, 0);
    const first = (page - 1) * pageSize;
    const last = first + pageSize;
    const wanted: { score: number; day: string; need: number }[] = [];
    let before = 0;
    let skip = -1;
    for (const cell of cells) {
      if (before >= last) break;
      if (before + cell.count > first) {
        if (skip < 0) skip = first - before;
        // The cell's sentences up to the page's end (the first cell's before the page included).
        wanted.push({ score: cell.score, day: cell.day, need: Math.min(cell.count, last - before) });
      }
      before += cell.count;
    }
    if (wanted.length === 0) return { list: [], total };
    const perCell = wanted.map(({ score, day, need }) => {
      const from = chinaStart(day);
      const to = new Date(from.getTime() + DAY_MS);
      // Within a cell every sentence has the same strength: the list's order is the date's, which
      // the cell index holds (newest first, then note, then position).
      return sql`(SELECT t.note_pk, t.position, t.score, t.published_at FROM red_note_sentences t
        WHERE t.polarity = ${polarity} AND t.score = ${score}
          AND t.published_at >= ${from.toISOString()} AND t.published_at < ${to.toISOString()}
          AND ${sentencesInScope(f)}
        ORDER BY t.published_at DESC, t.note_pk, t.position LIMIT ${need})`;
    });
    // The page is cut from the narrow rows; only its notes are read, for the sentence itself.
    const found = await rows<SentenceRow>(
      this.db,
      sql`SELECT ${sentenceColumns}
          FROM (SELECT c.note_pk, c.position FROM (${sql.join(perCell, sql` UNION ALL `)}) c
                ORDER BY c.score DESC, c.published_at DESC, c.note_pk, c.position
                LIMIT ${pageSize} OFFSET ${skip}) p
          JOIN red_notes n ON n.id = p.note_pk
          CROSS JOIN LATERAL (SELECT n.sentences -> (p.position - 1) AS sentence, p.position AS i) s
          ORDER BY ${SENTENCE_ORDER}`,
    );
    return { total, list: found.map((r) => ({ ...r, brands: r.brands ?? [] })) };
  }

  /**
   * Notes per band of interaction buckets place the 90th percentile in one band, and that band's
   * buckets in one bucket; that bucket's notes give its exact value and, when it splits the bucket,
   * the share of the bucket's high-performing notes. Everything else is summed from the bands and
   * from the one band's buckets, so a month is a few hundred band rows and one band's buckets.
   */
  async highQuality(f: ResolvedFilter, scope: SQL): Promise<RedHighQuality> {
    const where = sql`${scope} AND ${dailyRange(f)}`;
    const bands = await rows<SumRow>(
      this.db,
      sql`SELECT d.band AS key, ${sumColumns} FROM red_daily_quality_bands d
          WHERE ${where} GROUP BY 1 HAVING sum(d.notes) > 0 ORDER BY 1`,
    );
    const total = bands.reduce((sum, b) => sum + b.notes, 0);
    if (total === 0) return noQuality();
    // percentile_disc(0.9): the value of the ceil(0.9 n)-th note in interaction order.
    const rank = Math.max(1, Math.ceil(0.9 * total));
    let below = 0;
    const atBand = bands.find((b) => {
      if (below + b.notes >= rank) return true;
      below += b.notes;
      return false;
    })!;
    const inBand = bandBuckets(atBand.key);
    // Bucket first in the key: the index reaches the band's buckets of the range directly.
    const buckets = await rows<SumRow>(
      this.db,
      sql`SELECT d.bucket AS key, ${sumColumns} FROM red_daily_quality d
          WHERE ${where} AND d.bucket >= ${inBand.lo} AND d.bucket < ${inBand.hi}
          GROUP BY 1 HAVING sum(d.notes) > 0 ORDER BY 1`,
    );
    const at = buckets.find((b) => {
      if (below + b.notes >= rank) return true;
      below += b.notes;
      return false;
    })!;
    const { lo, hi } = bucketRange(at.key);
    // The threshold's bucket, when it holds more than one value: its notes' interactions alone
    // (from the interactions index and the mention index, without reading a note) give the exact
    // 90th percentile; only its notes at or above it, when it splits the bucket, are read whole
    // for what they add to the high-performing side.
    const values =
      hi - lo > 1
        ? await rows<{ v: number; id: number }>(
            this.db,
            sql`SELECT n.interactions::int AS v, n.id FROM red_notes n WHERE ${notesInBucket(f, lo, hi)}`,
          )
        : [];
    values.sort((x, y) => x.v - y.v);
    const threshold = values[rank - below - 1]?.v ?? lo;
    // The bucket counts whole when the threshold is its lowest value; else its notes at or above
    // the threshold are added one by one.
    const split = threshold > lo;
    const all = emptySums();
    const high = emptySums();
    for (const b of bands) {
      addSums(all, sumsOf(b));
      if (b.key > atBand.key) addSums(high, sumsOf(b));
    }
    for (const b of buckets) {
      if (b.key > at.key || (b.key === at.key && !split)) addSums(high, sumsOf(b));
    }
    const partialTopics = new Map<string, number>();
    const above = split ? values.filter((n) => n.v >= threshold).map((n) => n.id) : [];
    if (above.length > 0) {
      const notes = await rows<BucketNote>(
        this.db,
        sql`SELECT ${NOTE_HOUR} AS hour, n.title_length::float8 AS tl, n.content_length::float8 AS cl,
              n.image_count::float8 AS ic, n.topics,
              ${sql.join(
                TITLE_PATTERNS.map((p, i) => sql`(n.title ~ ${p.regex})::int AS ${sql.raw(`p${i}`)}`),
                sql`, `,
              )}
            FROM red_notes n WHERE n.id = ANY(${`{${above.join(',')}}`}::int[])`,
      );
      for (const note of notes) {
        addSums(high, {
          notes: 1,
          titleLength: note.tl,
          contentLength: note.cl,
          imageCount: note.ic,
          patterns: TITLE_PATTERNS.map((_, i) => note[`p${i}`] as number),
          hours: Array.from({ length: 24 }, (_, h) => (h === note.hour ? 1 : 0)),
        });
        for (const topic of note.topics) partialTopics.set(topic, (partialTopics.get(topic) ?? 0) + 1);
      }
    }
    const fromBucket = split ? at.key + 1 : at.key;
    const partial = JSON.stringify([...partialTopics].map(([topic, count]) => ({ topic, count })));
    // The bands above the percentile's, its band's buckets from the percentile's (or the one
    // after), and the notes read one by one; ranked in the database, as the notes query ranks them
    // (its collation orders equal counts).
    const topics = await rows<{ topic: string; count: number }>(
      this.db,
      sql`SELECT t.topic, sum(t.count)::int AS count FROM (
            SELECT d.topic, sum(d.notes) AS count FROM red_daily_quality_band_topics d
              WHERE ${where} AND d.band > ${atBand.key} GROUP BY 1
            UNION ALL SELECT d.topic, sum(d.notes) AS count FROM red_daily_quality_topics d
              WHERE ${where} AND d.bucket >= ${fromBucket} AND d.bucket < ${inBand.hi} GROUP BY 1
            UNION ALL SELECT r.topic, r.count FROM jsonb_to_recordset(${partial}::jsonb) AS r(topic text, count int)
          ) t GROUP BY 1 HAVING sum(t.count) > 0 ORDER BY 2 DESC, 1 LIMIT 15`,
    );
    return qualityAnswer(threshold, all, high, topics);
  }
}

function sumsOf(b: SumRow): QualitySums {
  return {
    notes: b.notes,
    titleLength: b.tl ?? 0,
    contentLength: b.cl ?? 0,
    imageCount: b.ic ?? 0,
    patterns: TITLE_PATTERNS.map((_, i) => b[`p${i}`] ?? 0),
    hours: Array.from({ length: 24 }, (_, h) => b[`h${h}`] ?? 0),
  };
}

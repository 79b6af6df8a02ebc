import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rows } from '../../lib/sql-rows';
import type { JobQueue } from '../../services/jobs';
import { dayOf } from './insight-filter';
import { bandSql, bucketSql } from './interaction-buckets';
import { NOTE_HOUR } from './quality-sums';
import { TITLE_PATTERNS } from './title-patterns';

/**
 * The daily aggregates the insight queries read instead of the notes: red_daily_counts (volume,
 * sentiment), red_daily_scenes and red_daily_keywords (scene insight), red_daily_sentences (the
 * sentence list), red_daily_quality and red_daily_quality_topics (high-performing notes), the
 * same two per band of buckets (red_daily_quality_bands, red_daily_quality_band_topics),
 * red_daily_topics (the topic ranking's whole days); and red_note_sentences, each opinion sentence
 * as a row, which the sentence list reads a page of instead of the notes. Every aggregate
 * table has one row per scope ((0, 0) every note, (project, 0) a category's notes, each once,
 * (project, brand) a brand's), China day and note sentiment, and is computed here in SQL from the
 * stored notes, the same expressions the note queries use, so both answer alike.
 *
 * Writers add a batch's notes (sign 1) or take a note out before its analysis changes (sign -1),
 * holding the shared advisory lock; a rebuild holds it exclusively, so no batch is counted twice or
 * lost while the tables are computed again.
 */

/** Raised when what the aggregates hold changes (a new table, bucket or title pattern). */
export const AGGREGATES_VERSION = '3';
const VERSION_KEY = 'red.daily_aggregates';
export const RED_AGGREGATES_JOB = 'red.aggregates';
/** An arbitrary advisory-lock key of this module's aggregates. */
const LOCK_KEY = sql.raw('728104');

/** The notes to count: a batch by primary key, or every stored note. */
export type NoteSet = number[] | 'all';
/** Every scope, or only the dictionary's (categories and brands, after the dictionary changed). */
export type ScopeSet = 'all' | 'dictionary';

const SCORE_KEY = sql`round(abs((s.sentence->>'score')::numeric) * 100)::int`;
const DAY = dayOf(sql`n.published_at`);

/**
 * The notes with their scopes: every note once for (0, 0), each category once, each brand. A
 * batch is unnested from one array parameter and its mentions read note by note (a lateral
 * subquery the planner cannot flatten): an index lookup per note whatever the statistics say. A
 * plain join was estimated at millions of rows in the middle of a large import, and the planner
 * hashed whole tables for a batch of a thousand notes.
 */
function scopedNotes(notes: NoteSet, scopes: ScopeSet): SQL {
  if (notes === 'all') {
    const global = sql`SELECT n0.id AS note_pk, 0 AS project_id, 0 AS brand_id FROM red_notes n0 UNION ALL `;
    return sql`WITH scoped AS (${scopes === 'all' ? global : sql``}
      SELECT DISTINCT nb.note_pk, nb.project_id, 0 AS brand_id FROM red_note_brands nb
      UNION ALL
      SELECT nb.note_pk, nb.project_id, nb.brand_id FROM red_note_brands nb)`;
  }
  const picked = sql`unnest(${`{${notes.join(',')}}`}::int[]) AS p(id)`;
  const mentions = sql`${picked} CROSS JOIN LATERAL (SELECT m.note_pk, m.project_id, m.brand_id
    FROM red_note_brands m WHERE m.note_pk = p.id OFFSET 0) nb`;
  const global = sql`SELECT p.id AS note_pk, 0 AS project_id, 0 AS brand_id FROM ${picked} UNION ALL `;
  return sql`WITH scoped AS (${scopes === 'all' ? global : sql``}
    SELECT DISTINCT nb.note_pk, nb.project_id, 0 AS brand_id FROM ${mentions}
    UNION ALL
    SELECT nb.note_pk, nb.project_id, nb.brand_id FROM ${mentions})`;
}

/** The scoped notes with their rows: by primary key one by one for a batch, joined for every note. */
function scopedRows(notes: NoteSet): SQL {
  if (notes === 'all') return sql`FROM scoped sc JOIN red_notes n ON n.id = sc.note_pk`;
  return sql`FROM scoped sc CROSS JOIN LATERAL (SELECT * FROM red_notes n1 WHERE n1.id = sc.note_pk LIMIT 1) n`;
}

const raw = (s: string) => sql.raw(s);
const list = (parts: SQL[]) => sql.join(parts, sql`, `);

/** `target = target + excluded` for each column; arrays element by element. */
function addColumns(table: string, columns: string[], arrays: Record<string, number>): SQL {
  return list([
    ...columns.map((c) => raw(`${c} = ${table}.${c} + excluded.${c}`)),
    ...Object.entries(arrays).map(([c, length]) =>
      raw(
        `${c} = ARRAY[${Array.from({ length }, (_, i) => `${table}.${c}[${i + 1}] + excluded.${c}[${i + 1}]`).join(', ')}]::int[]`,
      ),
    ),
  ]);
}

/** The statements that add (sign 1) or subtract (sign -1) the notes' share of every aggregate. */
function countStatements(notes: NoteSet, scopes: ScopeSet, sign: 1 | -1): SQL[] {
  const withScoped = scopedNotes(notes, scopes);
  const from = scopedRows(notes);
  const signed = (value: SQL) => (sign === 1 ? value : sql`(-(${value}))`);
  const keysWith = (extraKeys: string[]) => ['project_id', 'brand_id', 'day', 'sentiment', ...extraKeys];
  const positionsOf = (keys: string[]) => raw(keys.map((_, i) => i + 1).join(', '));
  const columnsOf = (keys: string[], sums: string[], arrays: Record<string, number>) =>
    raw([...keys, ...sums, ...Object.keys(arrays)].join(', '));
  const onConflict = (table: string, keys: string[], sums: string[], arrays: Record<string, number>) =>
    sql`ON CONFLICT (${raw(keys.join(', '))}) DO UPDATE SET ${addColumns(table, sums, arrays)}`;
  /**
   * One table's upsert: `select` answers the key columns, then the summed ones. Rows go in in
   * key order, so two batches lock the rows they share in the same order (no deadlock).
   */
  const statement = (
    table: string,
    extraKeys: string[],
    sums: string[],
    select: SQL,
    arrays: Record<string, number> = {},
  ) => {
    const keys = keysWith(extraKeys);
    return sql`${withScoped} INSERT INTO ${raw(table)} (${columnsOf(keys, sums, arrays)})
      ${select} GROUP BY ${positionsOf(keys)} ORDER BY ${positionsOf(keys)} ${onConflict(table, keys, sums, arrays)}`;
  };
  /**
   * A bucket table's upsert and its band table's in one statement: the batch's rows by bucket
   * (`select` answers the key columns with the bucket fifth, then the summed ones) are computed
   * once, upserted, and summed again by band, since a band is a run of whole buckets. Computing
   * both from the notes cost twice the lookups and title patterns (20,000 notes on PGlite 5.5 →
   * 4.8 s). Each table's rows still go in in key order, and every batch writes the two tables in
   * the same order, so the no-deadlock rule above holds.
   */
  const bucketAndBand = (
    tables: { bucket: string; band: string },
    extraKeys: string[],
    sums: string[],
    select: SQL,
    arrays: Record<string, number> = {},
  ) => {
    const bucketKeys = keysWith(['bucket', ...extraKeys]);
    const bandKeys = keysWith(['band', ...extraKeys]);
    const positions = positionsOf(bucketKeys);
    const byBand = list([
      ...keysWith([]).map((k) => raw(`d.${k}`)),
      bandSql(sql`d.bucket`),
      ...extraKeys.map((k) => raw(`d.${k}`)),
      ...sums.map((c) => raw(`sum(d.${c})`)),
      ...Object.entries(arrays).map(([c, length]) =>
        raw(`ARRAY[${Array.from({ length }, (_, i) => `sum(d.${c}[${i + 1}])`).join(', ')}]::int[]`),
      ),
    ]);
    return sql`${withScoped}, delta (${columnsOf(bucketKeys, sums, arrays)}) AS (${select} GROUP BY ${positions}),
      buckets AS (INSERT INTO ${raw(tables.bucket)} (${columnsOf(bucketKeys, sums, arrays)})
        SELECT * FROM delta ORDER BY ${positions} ${onConflict(tables.bucket, bucketKeys, sums, arrays)})
      INSERT INTO ${raw(tables.band)} (${columnsOf(bandKeys, sums, arrays)})
        SELECT ${byBand} FROM delta d GROUP BY ${positions} ORDER BY ${positions}
        ${onConflict(tables.band, bandKeys, sums, arrays)}`;
  };
  const base = sql`sc.project_id, sc.brand_id, ${DAY}, n.sentiment`;
  const bucket = bucketSql(sql`n.interactions`);
  const patterns = list(
    TITLE_PATTERNS.map((p) => sql`${signed(sql`count(*) FILTER (WHERE n.title ~ ${p.regex})`)}::int`),
  );
  const hours = list(
    Array.from({ length: 24 }, (_, h) => sql`${signed(sql`count(*) FILTER (WHERE ${NOTE_HOUR} = ${h})`)}::int`),
  );
  return [
    ...(scopes === 'all' ? [sentenceRows(notes, sign)] : []),
    statement(
      'red_daily_counts',
      [],
      ['notes', 'interactions', 'likes', 'collects', 'comments', 'shares'],
      sql`SELECT ${base}, ${signed(sql`count(*)`)}::int, ${signed(sql`sum(n.interactions)`)}::bigint,
        ${signed(sql`sum(n.likes)`)}::bigint, ${signed(sql`sum(n.collects)`)}::bigint,
        ${signed(sql`sum(n.comments)`)}::bigint, ${signed(sql`sum(n.shares)`)}::bigint ${from}`,
    ),
    statement(
      'red_daily_scenes',
      ['scene'],
      ['notes'],
      sql`SELECT ${base}, x.scene, ${signed(sql`count(*)`)}::int ${from}
        CROSS JOIN LATERAL jsonb_array_elements_text(n.scenes) x(scene)`,
    ),
    statement(
      'red_daily_keywords',
      ['word'],
      ['notes'],
      sql`SELECT ${base}, k.word, ${signed(sql`count(*)`)}::int ${from}
        CROSS JOIN LATERAL jsonb_array_elements_text(n.keywords) k(word)`,
    ),
    statement(
      'red_daily_sentences',
      ['polarity', 'score'],
      ['sentences'],
      sql`SELECT ${base}, s.sentence->>'polarity', ${SCORE_KEY}, ${signed(sql`count(*)`)}::int ${from}
        CROSS JOIN LATERAL jsonb_array_elements(n.sentences) s(sentence)
        WHERE s.sentence->>'polarity' IN ('positive', 'negative')`,
    ),
    // The high-performing-note sums by interaction bucket, and the same by band of buckets.
    bucketAndBand(
      { bucket: 'red_daily_quality', band: 'red_daily_quality_bands' },
      [],
      ['notes', 'title_length', 'content_length', 'image_count'],
      sql`SELECT ${base}, ${bucket}, ${signed(sql`count(*)`)}::int,
        ${signed(sql`sum(n.title_length)`)}::bigint, ${signed(sql`sum(n.content_length)`)}::bigint,
        ${signed(sql`sum(n.image_count)`)}::bigint, ARRAY[${patterns}]::int[], ARRAY[${hours}]::int[] ${from}`,
      { patterns: TITLE_PATTERNS.length, hours: 24 },
    ),
    bucketAndBand(
      { bucket: 'red_daily_quality_topics', band: 'red_daily_quality_band_topics' },
      ['topic'],
      ['notes'],
      sql`SELECT ${base}, ${bucket}, x.topic, ${signed(sql`count(*)`)}::int ${from}
        CROSS JOIN LATERAL jsonb_array_elements_text(n.topics) x(topic)`,
    ),
    // The note's topics each once, as red_note_topics holds them (a writer may repeat one).
    statement(
      'red_daily_topics',
      ['topic'],
      ['notes', 'interactions', 'weighted'],
      sql`SELECT ${base}, x.topic, ${signed(sql`count(*)`)}::int, ${signed(sql`sum(n.interactions)`)}::bigint,
        ${signed(sql`sum(n.weighted)`)}::bigint ${from}
        CROSS JOIN LATERAL (SELECT DISTINCT e.topic FROM jsonb_array_elements_text(n.topics) e(topic)) x`,
    ),
  ];
}

/**
 * The notes' opinion sentences as rows of red_note_sentences (added, or taken out by note), which
 * hold no scope: the dictionary's recount leaves them alone.
 */
function sentenceRows(notes: NoteSet, sign: 1 | -1): SQL {
  const ids = notes === 'all' ? null : sql`${`{${notes.join(',')}}`}::int[]`;
  if (sign === -1) return sql`DELETE FROM red_note_sentences WHERE note_pk = ANY(${ids})`;
  const from =
    ids === null
      ? sql`FROM red_notes n`
      : sql`FROM unnest(${ids}) AS p(id) CROSS JOIN LATERAL (SELECT * FROM red_notes n1 WHERE n1.id = p.id LIMIT 1) n`;
  return sql`INSERT INTO red_note_sentences (note_pk, position, published_at, polarity, score, sentiment)
    SELECT n.id, s.i, n.published_at, s.sentence->>'polarity', ${SCORE_KEY}, n.sentiment ${from}
      CROSS JOIN LATERAL jsonb_array_elements(n.sentences) WITH ORDINALITY s(sentence, i)
      WHERE s.sentence->>'polarity' IN ('positive', 'negative') ORDER BY 1, 2`;
}

type Tx = Pick<Db, 'execute'>;

/**
 * Adds stored notes to the aggregates (or takes them out, before their analysis is replaced),
 * inside the caller's transaction, after their brand mentions are stored.
 */
export async function countNotes(tx: Tx, notePks: number[], sign: 1 | -1 = 1): Promise<void> {
  if (notePks.length === 0) return;
  await tx.execute(sql`SELECT pg_advisory_xact_lock_shared(${LOCK_KEY})`);
  // The estimates of these short statements run into the millions (unnested arrays, lateral
  // lookups), and PostgreSQL would compile each with JIT: 150 ms a statement for work of 50.
  await tx.execute(sql`SET LOCAL jit = off`);
  for (const statement of countStatements(notePks, 'all', sign)) await tx.execute(statement);
}

const TABLES = [
  'red_daily_counts',
  'red_daily_scenes',
  'red_daily_keywords',
  'red_daily_sentences',
  'red_daily_quality',
  'red_daily_quality_topics',
  'red_daily_quality_bands',
  'red_daily_quality_band_topics',
  'red_daily_topics',
];

/**
 * Computes the aggregates again from the stored notes: every scope (a first count, or a new
 * AGGREGATES_VERSION), or the dictionary's scopes after the notes were matched again.
 */
export async function rebuildAggregates(db: Db, scopes: ScopeSet): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_KEY})`);
    for (const table of TABLES) {
      await tx.execute(sql`DELETE FROM ${raw(table)} ${scopes === 'all' ? sql`` : sql`WHERE project_id <> 0`}`);
    }
    if (scopes === 'all') await tx.execute(sql`DELETE FROM red_note_sentences`);
    for (const statement of countStatements('all', scopes, 1)) await tx.execute(statement);
    if (scopes === 'all') {
      await tx.execute(
        sql`INSERT INTO settings (key, value) VALUES (${VERSION_KEY}, ${AGGREGATES_VERSION})
            ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
      );
    }
  });
}

/**
 * Whether the aggregates hold every stored note in this version's shape, and the job that makes
 * them so. Until then the insight queries read the notes themselves (slower, same answers).
 */
export class DailyAggregates {
  private current = false;

  constructor(
    private readonly db: Db,
    private readonly jobs: JobQueue,
  ) {}

  register(): void {
    this.jobs.register(RED_AGGREGATES_JOB, () => rebuildAggregates(this.db, 'all'), { concurrency: 1 });
  }

  async ready(): Promise<boolean> {
    if (this.current) return true;
    const [row] = await rows<{ value: string }>(this.db, sql`SELECT value FROM settings WHERE key = ${VERSION_KEY}`);
    this.current = row?.value === AGGREGATES_VERSION;
    return this.current;
  }

  /** Queues the count of every note when the stored aggregates are missing or of another version. */
  async queueIfStale(): Promise<void> {
    if (await this.ready()) return;
    await this.jobs.send(RED_AGGREGATES_JOB, {}, { singletonKey: RED_AGGREGATES_JOB });
  }
}

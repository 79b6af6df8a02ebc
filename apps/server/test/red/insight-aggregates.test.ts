import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../src/lib/sql-rows';
import { analyseNote } from '../../src/modules/red/analysis/analyse-note';
import { countNotes, rebuildAggregates } from '../../src/modules/red/daily-aggregates';
import { dailyScope } from '../../src/modules/red/daily-scope';
import { articlesWhere, toArticle } from '../../src/modules/red/article-rows';
import { resolveFilter, whereOf, type FilterInput } from '../../src/modules/red/insight-filter';
import { orderOf } from '../../src/modules/red/insight-service';
import { DailyInsight } from '../../src/modules/red/insight-from-daily';
import { NoteInsight } from '../../src/modules/red/insight-from-notes';
import { bucketOf, bucketRange, bucketSql } from '../../src/modules/red/interaction-buckets';
import { writeNotes } from '../../src/modules/red/note-writer';
import { generateSampleNotes, SAMPLE_PROJECTS } from '../../src/modules/red/sample-data';
import { TITLE_PATTERNS } from '../../src/modules/red/title-patterns';
import type { TestApp } from '../helper';
import { buildRedApp } from './helpers';

let t: TestApp;
let projectId: number;
const DAY = 86_400_000;
const chinaDate = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);
const today = chinaDate(Date.now());
const daysAgo = (n: number) => chinaDate(Date.now() - n * DAY);

/** Opinion sentences of many strengths, from the labelled set, so the sentence list has many cells. */
const opinions = readFileSync(join(import.meta.dirname, 'fixtures/sentiment-labelled.tsv'), 'utf8')
  .split('\n')
  .filter((l) => l.trim() && !l.startsWith('#'))
  .map((l) => l.split('\t')[1]!);

beforeAll(async () => {
  t = await buildRedApp(0);
  for (const project of SAMPLE_PROJECTS) {
    await t.app.red.dictionary.save({
      name: project.name,
      brands: project.brands.map((b) => ({ ...b, products: b.products.map((p) => ({ ...p })) })),
    });
  }
  const [project] = await rows<{ id: number }>(t.app.db, sql`SELECT id FROM red_projects ORDER BY id LIMIT 1`);
  projectId = project!.id;
  const notes = generateSampleNotes(360, new Date(), 11).map((n, i) => ({
    ...n,
    content: `${n.content}${opinions[i % opinions.length]}`,
  }));
  // A quiet day before the sample's 60: its 90th percentile is a bucket of one value.
  const quiet = new Date(Date.now() - 70 * DAY);
  for (let i = 0; i < 12; i++) {
    notes.push({
      ...notes[i]!,
      noteId: `quiet-${i}`,
      title: `澄光小记 ${i}`,
      publishedAt: new Date(quiet.getTime() + i * 60_000),
      likes: i % 5,
      collects: 0,
      comments: 0,
      shares: 0,
    });
  }
  const matcher = await t.app.red.dictionary.matcher();
  for (let i = 0; i < notes.length; i += 120) {
    await writeNotes(t.app.db, notes.slice(i, i + 120), matcher, { source: 'test' });
  }
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** Every filter below answered from the notes and from the aggregates. */
async function compare(input: FilterInput) {
  const f = await resolveFilter(t.app.db, 0, input);
  const scope = dailyScope(f)!;
  expect(scope).not.toBeNull();
  const notes = new NoteInsight(t.app.db);
  const daily = new DailyInsight(t.app.db);
  expect(await daily.sceneInsight(f, scope)).toEqual(await notes.sceneInsight(f));
  const high = await notes.highQuality(f);
  expect(await daily.highQuality(f, scope)).toEqual(high);
  for (const polarity of ['positive', 'negative'] as const) {
    for (const [page, size] of [
      [1, 20],
      [2, 7],
      [5, 3],
      [40, 5],
    ] as const) {
      expect(await daily.sentimentDetail(f, scope, polarity, page, size)).toEqual(
        await notes.sentimentDetail(f, polarity, page, size),
      );
    }
  }
  return high;
}

async function aggregateRows() {
  const tables = {
    red_daily_counts: 'notes',
    red_daily_scenes: 'notes',
    red_daily_keywords: 'notes',
    red_daily_sentences: 'sentences',
    red_daily_quality: 'notes',
    red_daily_quality_topics: 'notes',
    red_daily_quality_bands: 'notes',
    red_daily_quality_band_topics: 'notes',
    red_daily_topics: 'notes',
  };
  const out: Record<string, unknown[]> = {};
  for (const [table, count] of Object.entries(tables)) {
    out[table] = await rows(t.app.db, sql.raw(`SELECT * FROM ${table} WHERE ${count} <> 0 ORDER BY 1, 2, 3, 4, 5, 6`));
  }
  return out;
}

/** The high-performing-note answer of each filter from the aggregates, against the notes'. */
async function compareQuality() {
  const month = { start: daysAgo(29), end: today };
  const filters: FilterInput[] = [
    month,
    { ...month, project_id: projectId },
    { ...month, project_id: projectId, brand: '澄光' },
    { ...month, project_id: projectId, sentiment: 'positive' },
    ...[0, 3, 9, 17, 70].map((n) => ({ start: daysAgo(n), end: daysAgo(n), project_id: projectId })),
  ];
  for (const input of filters) {
    const f = await resolveFilter(t.app.db, 0, input);
    const high = await new NoteInsight(t.app.db).highQuality(f);
    expect(await new DailyInsight(t.app.db).highQuality(f, dailyScope(f)!)).toEqual(high);
  }
}

/** Pages of sentences from the aggregates and the sentence rows, against the notes', after notes changed. */
async function compareSentencePages() {
  const month = { start: daysAgo(29), end: today };
  for (const input of [
    month,
    { ...month, project_id: projectId, brand: '澄光' },
    { ...month, project_id: projectId, sentiment: 'positive' as const },
  ]) {
    const f = await resolveFilter(t.app.db, 0, input);
    for (const polarity of ['positive', 'negative'] as const) {
      for (const [page, size] of [
        [1, 20],
        [9, 11],
      ] as const) {
        const reference = await new NoteInsight(t.app.db).sentimentDetail(f, polarity, page, size);
        expect(await new DailyInsight(t.app.db).sentimentDetail(f, dailyScope(f)!, polarity, page, size)).toEqual(
          reference,
        );
      }
    }
  }
}

/** Band rows that differ from their buckets' rows summed (both ways); none when they are in step. */
async function bandsApartFromBuckets() {
  const patterns = TITLE_PATTERNS.map((_, i) => `sum(patterns[${i + 1}])`).join(', ');
  const hours = Array.from({ length: 24 }, (_, h) => `sum(hours[${h + 1}])`).join(', ');
  const fromBuckets = `SELECT project_id, brand_id, day, sentiment, bucket / 16 AS band, sum(notes)::int AS notes,
      sum(title_length)::bigint AS tl, sum(content_length)::bigint AS cl, sum(image_count)::bigint AS ic,
      ARRAY[${patterns}]::int[] AS patterns, ARRAY[${hours}]::int[] AS hours
    FROM red_daily_quality GROUP BY 1, 2, 3, 4, 5 HAVING sum(notes) <> 0`;
  const bands = `SELECT project_id, brand_id, day, sentiment, band, notes, title_length AS tl, content_length AS cl,
      image_count AS ic, patterns, hours FROM red_daily_quality_bands WHERE notes <> 0`;
  const topicsFromBuckets = `SELECT project_id, brand_id, day, sentiment, bucket / 16 AS band, topic, sum(notes)::int
    FROM red_daily_quality_topics GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(notes) <> 0`;
  const bandTopics = `SELECT project_id, brand_id, day, sentiment, band, topic, notes
    FROM red_daily_quality_band_topics WHERE notes <> 0`;
  const [apart] = await rows<{ n: number; rows: number }>(
    t.app.db,
    sql.raw(`SELECT (SELECT count(*) FROM ((${fromBuckets} EXCEPT ${bands}) UNION ALL (${bands} EXCEPT ${fromBuckets})) x)
        + (SELECT count(*) FROM ((${topicsFromBuckets} EXCEPT ${bandTopics}) UNION ALL (${bandTopics} EXCEPT ${topicsFromBuckets})) y)
        AS n, (SELECT count(*) FROM red_daily_quality_bands)::int AS rows`),
  );
  expect(apart!.rows).toBeGreaterThan(0);
  return Number(apart!.n);
}

/** Sentence rows that differ from the notes' opinion sentences (both ways); none when in step. */
async function sentenceRowsApartFromNotes() {
  const table = `SELECT note_pk, position, published_at, polarity, score, sentiment FROM red_note_sentences`;
  const fromNotes = `SELECT n.id, s.i::int, n.published_at, s.sentence->>'polarity',
      round(abs((s.sentence->>'score')::numeric) * 100)::int, n.sentiment
    FROM red_notes n CROSS JOIN LATERAL jsonb_array_elements(n.sentences) WITH ORDINALITY s(sentence, i)
    WHERE s.sentence->>'polarity' IN ('positive', 'negative')`;
  const [apart] = await rows<{ n: number; rows: number }>(
    t.app.db,
    sql.raw(`SELECT (SELECT count(*) FROM ((${table} EXCEPT ALL ${fromNotes}) UNION ALL (${fromNotes} EXCEPT ALL ${table})) x)::int
        AS n, (SELECT count(*) FROM red_note_sentences)::int AS rows`),
  );
  expect(apart!.rows).toBeGreaterThan(0);
  return apart!.n;
}

describe('red daily aggregates', () => {
  it('put each interaction count in the same bucket in SQL as in code', async () => {
    const values = [0, 1, 31, 32, 33, 47, 63, 64, 65, 1000, 1023, 1024, 1025, 22_222, 65_535, 2_000_000_000];
    const found = await rows<{ v: number; b: number }>(
      t.app.db,
      sql`SELECT v::int AS v, ${bucketSql(sql`v`)}::int AS b FROM unnest(${sql.raw(`ARRAY[${values.join(',')}]`)}::int[]) v`,
    );
    for (const { v, b } of found) {
      expect(b).toBe(bucketOf(v));
      const { lo, hi } = bucketRange(b);
      expect(v >= lo && v < hi).toBe(true);
    }
  });

  it('answer scenes, sentences and high-performing notes as the notes do', async () => {
    const month = { start: daysAgo(29), end: today };
    const high = await compare(month);
    expect(high.total).toBeGreaterThan(100);
    await compare({ ...month, project_id: projectId });
    await compare({ ...month, project_id: projectId, brand: '澄光' });
    await compare({ ...month, project_id: projectId, sentiment: 'negative' });
    // Short ranges: few notes, a percentile on a bucket of its own or inside a wide one.
    for (const n of [0, 3, 9, 17, 70]) await compare({ start: daysAgo(n), end: daysAgo(n), project_id: projectId });
  }, 120_000);

  it("answer the note list's total exactly as its rows count, and its pages as the notes query does", async () => {
    await rebuildAggregates(t.app.db, 'all');
    expect(await t.app.red.aggregates.ready()).toBe(true);
    const month = { start: daysAgo(29), end: today };
    const filters: FilterInput[] = [
      month,
      { ...month, project_id: projectId },
      { ...month, project_id: projectId, brand: '澄光' },
      { ...month, project_id: projectId, sentiment: 'negative' },
      { start: daysAgo(3), end: daysAgo(3), project_id: projectId },
    ];
    for (const input of filters) {
      const f = await resolveFilter(t.app.db, 0, input);
      const [count] = await rows<{ n: number }>(
        t.app.db,
        sql`SELECT count(*)::int AS n FROM red_notes n WHERE ${whereOf(f)}`,
      );
      expect(count!.n).toBeGreaterThan(0);
      for (const sort of ['published', 'interactions'] as const) {
        // A first page (walked in the list's order), a later one, one holding every note (read
        // whole) and one past the end.
        for (const [page, size] of [
          [1, 20],
          [3, 7],
          [1, 500],
          [90, 20],
        ] as const) {
          const answer = await t.app.red.insight.articleList(0, f, sort, page, size);
          expect(answer.total).toBe(count!.n);
          const reference = await articlesWhere(t.app.db, 0, whereOf(f), orderOf(sort), size, (page - 1) * size);
          expect(answer.list).toEqual(reference.map(toArticle));
        }
      }
    }
  }, 120_000);

  it('rank topics from the daily aggregates as from the topic rows', async () => {
    await rebuildAggregates(t.app.db, 'all');
    const now = new Date();
    for (const time of ['1d', '7d', '30d'] as const) {
      for (const sort of ['hot', 'newest'] as const) {
        for (const type of [undefined, String(projectId)]) {
          for (const [page_index, page_size] of [
            [1, 20],
            [2, 5],
            [50, 20],
          ] as const) {
            const query = { sort, time, type, page_index, page_size };
            const reference = await t.app.red.rank.topicList(query, now, true);
            if (page_index === 1 && sort === 'hot') expect(reference.list.length).toBeGreaterThan(0);
            expect(await t.app.red.rank.topicList(query, now)).toEqual(reference);
          }
        }
      }
    }
  }, 120_000);

  it('are the same counted batch by batch, counted again, and after notes are taken out and back', async () => {
    const before = await aggregateRows();
    expect(await sentenceRowsApartFromNotes()).toBe(0);
    await rebuildAggregates(t.app.db, 'all');
    expect(await aggregateRows()).toEqual(before);
    expect(await sentenceRowsApartFromNotes()).toBe(0);
    await rebuildAggregates(t.app.db, 'dictionary');
    expect(await aggregateRows()).toEqual(before);
    expect(await sentenceRowsApartFromNotes()).toBe(0);
    const ids = (await rows<{ id: number }>(t.app.db, sql`SELECT id FROM red_notes ORDER BY id LIMIT 50`)).map(
      (r) => r.id,
    );
    await t.app.db.transaction((tx) => countNotes(tx, ids, -1));
    expect(await aggregateRows()).not.toEqual(before);
    expect(await sentenceRowsApartFromNotes()).toBeGreaterThan(0);
    await t.app.db.transaction((tx) => countNotes(tx, ids, 1));
    expect(await aggregateRows()).toEqual(before);
    expect(await sentenceRowsApartFromNotes()).toBe(0);
  }, 120_000);

  it('follow the notes when they are analysed again', async () => {
    const before = await aggregateRows();
    // Notes as an older analysis left them: every opinion missed.
    const ids = (await rows<{ id: number }>(t.app.db, sql`SELECT id FROM red_notes ORDER BY id LIMIT 80`)).map(
      (r) => r.id,
    );
    await t.app.db.transaction(async (tx) => {
      await countNotes(tx, ids, -1);
      await tx.execute(
        sql`UPDATE red_notes SET sentiment = 'neutral', sentences = '[]'::jsonb, scenes = '[]'::jsonb
            WHERE id = ANY(${`{${ids.join(',')}}`}::int[])`,
      );
      await countNotes(tx, ids, 1);
    });
    expect(await aggregateRows()).not.toEqual(before);
    await t.app.red.reanalysis.run();
    expect(await aggregateRows()).toEqual(before);
    const [note] = await rows<{ title: string; content: string; topics: string[]; sentiment: string }>(
      t.app.db,
      sql`SELECT title, content, topics, sentiment FROM red_notes WHERE id = ${ids[0]!}`,
    );
    const matcher = await t.app.red.dictionary.matcher();
    expect(note!.sentiment).toBe(analyseNote(note!.title, note!.content, note!.topics, matcher).sentiment);
    expect(await bandsApartFromBuckets()).toBe(0);
    expect(await sentenceRowsApartFromNotes()).toBe(0);
    await compareQuality();
    await compareSentencePages();
  }, 120_000);

  it('keep the high-performing-note bands and the sentence rows in step through imports and deletions', async () => {
    expect(await bandsApartFromBuckets()).toBe(0);
    await compareQuality();
    // More notes imported on top, with interactions far above the others (new bands).
    const matcher = await t.app.red.dictionary.matcher();
    const more = generateSampleNotes(60, new Date(), 23).map((n, i) => ({
      ...n,
      noteId: `more-${i}`,
      likes: n.likes * 40 + i,
    }));
    await writeNotes(t.app.db, more, matcher, { source: 'test' });
    expect(await bandsApartFromBuckets()).toBe(0);
    expect(await sentenceRowsApartFromNotes()).toBe(0);
    await compareQuality();
    // Notes deleted: taken out of the aggregates, then removed, in one transaction.
    const ids = (
      await rows<{ id: number }>(t.app.db, sql`SELECT id FROM red_notes ORDER BY interactions DESC, id LIMIT 40`)
    ).map((r) => r.id);
    await t.app.db.transaction(async (tx) => {
      await countNotes(tx, ids, -1);
      await tx.execute(sql`DELETE FROM red_notes WHERE id = ANY(${`{${ids.join(',')}}`}::int[])`);
    });
    expect(await bandsApartFromBuckets()).toBe(0);
    expect(await sentenceRowsApartFromNotes()).toBe(0);
    await compareQuality();
    await compareSentencePages();
    // A band row out of step is seen (from both sides), and so is a sentence row.
    await t.app.db.execute(sql`UPDATE red_daily_quality_bands SET notes = notes + 1 WHERE ctid = (
      SELECT ctid FROM red_daily_quality_bands WHERE notes > 0 LIMIT 1)`);
    expect(await bandsApartFromBuckets()).toBe(2);
    await t.app.db.execute(sql`UPDATE red_note_sentences SET score = score + 1 WHERE ctid = (
      SELECT ctid FROM red_note_sentences LIMIT 1)`);
    expect(await sentenceRowsApartFromNotes()).toBe(2);
    await rebuildAggregates(t.app.db, 'all');
    expect(await bandsApartFromBuckets()).toBe(0);
    expect(await sentenceRowsApartFromNotes()).toBe(0);
  }, 120_000);
});

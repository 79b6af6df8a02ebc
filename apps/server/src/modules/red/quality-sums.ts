import type { RedHighQuality } from '@portal/contract';
import { sql, type SQL } from 'drizzle-orm';
import { TITLE_PATTERNS } from './title-patterns';

/**
 * The sums of the high-performing-note analysis, from the notes or from the daily aggregates, and
 * the answer made of them.
 */

/** What the high-performing-note analysis sums over a set of notes. */
export interface QualitySums {
  notes: number;
  titleLength: number;
  contentLength: number;
  imageCount: number;
  /** Notes per title pattern, in TITLE_PATTERNS order. */
  patterns: number[];
  /** Notes per China hour, 0–23. */
  hours: number[];
}

export const emptySums = (): QualitySums => ({
  notes: 0,
  titleLength: 0,
  contentLength: 0,
  imageCount: 0,
  patterns: TITLE_PATTERNS.map(() => 0),
  hours: Array.from({ length: 24 }, () => 0),
});

export function addSums(to: QualitySums, from: QualitySums): QualitySums {
  to.notes += from.notes;
  to.titleLength += from.titleLength;
  to.contentLength += from.contentLength;
  to.imageCount += from.imageCount;
  from.patterns.forEach((v, i) => (to.patterns[i]! += v));
  from.hours.forEach((v, i) => (to.hours[i]! += v));
  return to;
}

export const noQuality = (): RedHighQuality => ({
  threshold: 0,
  high_count: 0,
  total: 0,
  avg: {
    title_length: { high: 0, all: 0 },
    content_length: { high: 0, all: 0 },
    image_count: { high: 0, all: 0 },
  },
  title_patterns: [],
  hours: [],
  topics: [],
});

/**
 * The answer from the sums of every note and of the high-performing ones: both the note query and
 * the aggregates end here, so averages and shares are divided the same way.
 */
export function qualityAnswer(
  threshold: number,
  all: QualitySums,
  high: QualitySums,
  topics: RedHighQuality['topics'],
): RedHighQuality {
  const share = (part: number, whole: number, digits: number) =>
    whole > 0 ? Math.round((part / whole) * 10 ** digits) / 10 ** digits : 0;
  const avg = (key: 'titleLength' | 'contentLength' | 'imageCount') => ({
    high: share(high[key], high.notes, 1),
    all: share(all[key], all.notes, 1),
  });
  return {
    threshold,
    high_count: high.notes,
    total: all.notes,
    avg: { title_length: avg('titleLength'), content_length: avg('contentLength'), image_count: avg('imageCount') },
    title_patterns: TITLE_PATTERNS.map((p, i) => ({
      name: p.name,
      high: share(high.patterns[i]!, high.notes, 3),
      all: share(all.patterns[i]!, all.notes, 3),
    })),
    hours: all.hours.map((count, hour) => ({ hour, high: high.hours[hour]!, all: count })),
    topics,
  };
}

/** A note's China hour (alias `n`), as the aggregates count it. */
export const NOTE_HOUR = sql`extract(hour FROM (n.published_at AT TIME ZONE 'UTC') + interval '8 hours')::int`;

/**
 * The sums of the notes a query groups by NOTE_HOUR (alias `n`), as columns named `<prefix>_…`,
 * over the notes that pass `only` when given.
 */
export function noteSumColumns(prefix: string, only?: SQL): SQL {
  const where = only ? sql` FILTER (WHERE ${only})` : sql``;
  const col = (name: string) => sql.raw(`${prefix}_${name}`);
  return sql.join(
    [
      sql`count(*)${where}::int AS ${col('notes')}`,
      sql`coalesce(sum(n.title_length)${where}, 0)::float8 AS ${col('tl')}`,
      sql`coalesce(sum(n.content_length)${where}, 0)::float8 AS ${col('cl')}`,
      sql`coalesce(sum(n.image_count)${where}, 0)::float8 AS ${col('ic')}`,
      ...TITLE_PATTERNS.map(
        (p, i) =>
          sql`count(*) FILTER (WHERE ${only ? sql`${only} AND ` : sql``}n.title ~ ${p.regex})::int AS ${col(`p${i}`)}`,
      ),
    ],
    sql`, `,
  );
}

/** Adds rows grouped by hour (with noteSumColumns of `prefix`) to sums. */
export function addHourRows(to: QualitySums, found: Record<string, number>[], prefix: string): QualitySums {
  for (const row of found) {
    const notes = row[`${prefix}_notes`] ?? 0;
    to.notes += notes;
    to.titleLength += row[`${prefix}_tl`] ?? 0;
    to.contentLength += row[`${prefix}_cl`] ?? 0;
    to.imageCount += row[`${prefix}_ic`] ?? 0;
    TITLE_PATTERNS.forEach((_, i) => (to.patterns[i]! += row[`${prefix}_p${i}`] ?? 0));
    to.hours[row.hour!]! += notes;
  }
  return to;
}

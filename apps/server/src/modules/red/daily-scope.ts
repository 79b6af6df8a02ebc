import { sql, type SQL } from 'drizzle-orm';
import type { ResolvedFilter } from './insight-filter';

/**
 * The scope of a filter in the daily aggregates (alias `d`), when they can answer it: no keyword,
 * and one brand, one category or every note (several subscribed categories could count a note
 * twice). A brand's rows are found by its category and id, both leading the tables' keys.
 */
export function dailyScope(f: ResolvedFilter): SQL | null {
  if (f.keyword) return null;
  let scope: SQL;
  if (f.brandIds) {
    if (f.brandIds.length !== 1) return null;
    const brand = f.brandIds[0]!;
    scope = sql`d.project_id = (SELECT b.project_id FROM red_brands b WHERE b.id = ${brand}) AND d.brand_id = ${brand}`;
  } else if (f.projectIds) {
    if (f.projectIds.length !== 1) return null;
    scope = sql`d.project_id = ${f.projectIds[0]!} AND d.brand_id = 0`;
  } else scope = sql`d.project_id = 0 AND d.brand_id = 0`;
  return f.sentiment ? sql`${scope} AND d.sentiment = ${f.sentiment}` : scope;
}

/** The China days of a filter in the aggregates (alias `d`). */
export const dailyRange = (f: ResolvedFilter, start = f.start): SQL => sql`d.day >= ${start} AND d.day <= ${f.end}`;

/**
 * The notes of a scope the aggregates answer (alias `n`) in the filter's range, for a walk along
 * a notes index in the list's order: each note's mention is one index probe (OFFSET 0 keeps the
 * probe per note, never a join of the range's mentions), and the walk stops after the page.
 */
export function notesInScope(f: ResolvedFilter): SQL {
  const parts = [sql`n.published_at >= ${f.from.toISOString()} AND n.published_at < ${f.to.toISOString()}`];
  const mention = mentionOf(f, sql`n.id`, sql`n.published_at`);
  if (mention) parts.push(mention);
  if (f.sentiment) parts.push(sql`n.sentiment = ${f.sentiment}`);
  return sql.join(parts, sql` AND `);
}

/**
 * Sentence rows of red_note_sentences (alias `t`) in a scope the aggregates answer, for a walk
 * along the cell index: the note's mention probed row by row, as notesInScope does.
 */
export function sentencesInScope(f: ResolvedFilter): SQL {
  const parts: SQL[] = [];
  const mention = mentionOf(f, sql`t.note_pk`, sql`t.published_at`);
  if (mention) parts.push(mention);
  if (f.sentiment) parts.push(sql`t.sentiment = ${f.sentiment}`);
  return parts.length > 0 ? sql.join(parts, sql` AND `) : sql`TRUE`;
}

/** The brand's or category's mention of a note (by id and date: one index entry), if scoped. */
function mentionOf(f: ResolvedFilter, id: SQL, at: SQL): SQL | null {
  if (f.brandIds) {
    return sql`EXISTS (SELECT 1 FROM red_note_brands nb WHERE nb.brand_id = ${f.brandIds[0]!} AND nb.published_at = ${at} AND nb.note_pk = ${id} OFFSET 0)`;
  }
  if (f.projectIds) {
    return sql`EXISTS (SELECT 1 FROM red_note_brands nb WHERE nb.project_id = ${f.projectIds[0]!} AND nb.published_at = ${at} AND nb.note_pk = ${id} OFFSET 0)`;
  }
  return null;
}

/**
 * The notes of a scope the aggregates answer (alias `n`) whose interactions lie in [lo, hi): the
 * few notes of one interaction bucket, found through the interactions index and checked against
 * the brand mentions one by one (by category or brand, date and note: one index entry), as
 * notesInScope probes them. As a semi-join the planner, expecting one note, hashed every mention a
 * brand ever had (125,000 at a million notes) for a few hundred notes.
 */
export function notesInBucket(f: ResolvedFilter, lo: number, hi: number): SQL {
  return sql`n.interactions >= ${lo} AND n.interactions < ${hi} AND ${notesInScope(f)}`;
}

import type { RedSentiment } from '@portal/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rows } from '../../lib/sql-rows';
import { invalid } from './errors';

/** Days are China days: the sources and the readers are in UTC+8. */
export const DAY_OFFSET = sql.raw(`interval '8 hours'`);
/** A timestamp's China date as YYYY-MM-DD. */
export const dayOf = (column: SQL) => sql`to_char((${column} AT TIME ZONE 'UTC') + ${DAY_OFFSET}, 'YYYY-MM-DD')`;

export interface FilterInput {
  project_id?: number;
  brand?: string;
  sentiment?: RedSentiment;
  start?: string;
  end?: string;
  keyword?: string;
}

/** A filter resolved against the dictionary and the user's subscriptions. */
export interface ResolvedFilter {
  /** China dates, inclusive. */
  start: string;
  end: string;
  from: Date;
  to: Date;
  projectIds: number[] | null;
  brandIds: number[] | null;
  sentiment?: RedSentiment;
  keyword?: string;
  /** Nothing can match (an unknown brand): queries answer empty without asking the database. */
  empty: boolean;
}

const DEFAULT_DAYS = 30;
const DAY_MS = 86_400_000;
/** The longest range one query may cover. */
export const MAX_RANGE_DAYS = 366;

export function chinaDate(at: Date): string {
  return new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
}
/** The instant a China date starts. */
export function chinaStart(date: string): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) - 8 * 3_600_000);
}

export function dateRange(start: string | undefined, end: string | undefined, now = new Date()) {
  const last = end ?? chinaDate(now);
  const first = start ?? chinaDate(new Date(chinaStart(last).getTime() - (DEFAULT_DAYS - 1) * DAY_MS));
  return { start: first, end: last, from: chinaStart(first), to: new Date(chinaStart(last).getTime() + DAY_MS) };
}

/** Every China date of a range, for trends without gaps. */
export function datesOf(start: string, end: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${start}T00:00:00Z`); t <= Date.parse(`${end}T00:00:00Z`); t += DAY_MS) {
    out.push(new Date(t).toISOString().slice(0, 10));
  }
  return out;
}

/**
 * Resolves the insight filters: the range (the last 30 China days by default), the category (the
 * user's subscribed categories when none is given; every note when there are none), the brand by
 * id, name or alias within the category.
 */
export async function resolveFilter(db: Db, userId: number, input: FilterInput): Promise<ResolvedFilter> {
  const range = dateRange(input.start, input.end);
  if (range.from >= range.to) throw invalid('end', '结束日期不能早于开始日期');
  if (range.to.getTime() - range.from.getTime() > MAX_RANGE_DAYS * DAY_MS) {
    throw invalid('start', `时间范围不能超过${MAX_RANGE_DAYS}天`);
  }
  const base = { ...range, sentiment: input.sentiment, keyword: input.keyword, empty: false };
  let projectIds: number[] | null = input.project_id ? [input.project_id] : null;
  if (!projectIds) {
    const subscribed = await rows<{ id: number }>(
      db,
      sql`SELECT project_id::int AS id FROM red_project_subscriptions WHERE user_id = ${userId}`,
    );
    projectIds = subscribed.length > 0 ? subscribed.map((r) => r.id) : null;
  }
  let brandIds: number[] | null = null;
  if (input.brand) {
    const brand = input.brand.trim();
    const found = await rows<{ id: number }>(
      db,
      sql`SELECT id::int AS id FROM red_brands b
          WHERE (${/^\d+$/.test(brand) ? sql`b.id = ${Number(brand)} OR ` : sql``}lower(b.name) = lower(${brand})
                 OR EXISTS (SELECT 1 FROM jsonb_array_elements_text(b.aliases) a WHERE lower(a) = lower(${brand})))
            ${
              projectIds
                ? sql`AND b.project_id IN (${sql.join(
                    projectIds.map((id) => sql`${id}`),
                    sql`, `,
                  )})`
                : sql``
            }`,
    );
    brandIds = found.map((r) => r.id);
    if (brandIds.length === 0) return { ...base, projectIds, brandIds, empty: true };
  }
  return { ...base, projectIds, brandIds };
}

const list = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * The WHERE clause of the filtered notes (alias `n`). A category or brand goes through the
 * mention table's (project|brand, published_at) index, so a month of one category never scans
 * every note.
 */
export function whereOf(f: ResolvedFilter, range: { from: Date; to: Date } = f): SQL {
  const parts: SQL[] = [
    sql`n.published_at >= ${range.from.toISOString()} AND n.published_at < ${range.to.toISOString()}`,
  ];
  if (f.brandIds) {
    parts.push(
      sql`n.id IN (SELECT nb.note_pk FROM red_note_brands nb WHERE nb.brand_id IN (${list(f.brandIds)})
            AND nb.published_at >= ${range.from.toISOString()} AND nb.published_at < ${range.to.toISOString()})`,
    );
  } else if (f.projectIds) {
    parts.push(
      sql`n.id IN (SELECT nb.note_pk FROM red_note_brands nb WHERE nb.project_id IN (${list(f.projectIds)})
            AND nb.published_at >= ${range.from.toISOString()} AND nb.published_at < ${range.to.toISOString()})`,
    );
  }
  if (f.sentiment) parts.push(sql`n.sentiment = ${f.sentiment}`);
  if (f.keyword) {
    const like = `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(sql`(n.title ILIKE ${like} OR n.content ILIKE ${like})`);
  }
  return sql.join(parts, sql` AND `);
}

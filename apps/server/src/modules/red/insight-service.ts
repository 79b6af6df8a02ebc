import type {
  RedArticleList,
  RedArticleTotal,
  RedHighQuality,
  RedSceneInsight,
  RedSentimentAnalysis,
  RedSentimentDetail,
  RedSentiment,
} from '@portal/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rows } from '../../lib/sql-rows';
import { articlesWhere, toArticle } from './article-rows';
import type { DailyAggregates } from './daily-aggregates';
import { dailyRange, dailyScope, notesInScope } from './daily-scope';
import { datesOf, dayOf, whereOf, type ResolvedFilter } from './insight-filter';
import { DailyInsight } from './insight-from-daily';
import { NoteInsight } from './insight-from-notes';
import { noQuality } from './quality-sums';

const dayShift = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The insight tab's calls over the filtered notes; every query reads the analysis stored at import,
 * from the daily aggregates when they can answer the filter, else from the notes.
 */
export class InsightService {
  private readonly notes: NoteInsight;
  private readonly daily: DailyInsight;

  constructor(
    private readonly db: Db,
    private readonly aggregates: DailyAggregates,
  ) {
    this.notes = new NoteInsight(db);
    this.daily = new DailyInsight(db);
  }

  async articleTotal(f: ResolvedFilter): Promise<RedArticleTotal> {
    const empty = { total: 0, interactions: 0, likes: 0, collects: 0, comments: 0, shares: 0 };
    const trendOf = (found: { date: string; count: number; interactions: number }[]) => {
      const byDate = new Map(found.map((r) => [r.date, r]));
      return datesOf(f.start, f.end).map((date) => ({
        date,
        count: byDate.get(date)?.count ?? 0,
        interactions: byDate.get(date)?.interactions ?? 0,
      }));
    };
    if (f.empty) return { ...empty, previous_total: 0, trend: trendOf([]), start: f.start, end: f.end };
    const scope = dailyScope(f);
    if (scope) {
      const span = datesOf(f.start, f.end).length;
      const days = await rows<typeof empty & { date: string }>(
        this.db,
        sql`SELECT d.day AS date, sum(d.notes)::int AS total, sum(d.interactions)::float8 AS interactions,
              sum(d.likes)::float8 AS likes, sum(d.collects)::float8 AS collects, sum(d.comments)::float8 AS comments,
              sum(d.shares)::float8 AS shares
            FROM red_daily_counts d WHERE ${scope} AND d.day >= ${dayShift(f.start, -span)} AND d.day <= ${f.end}
            GROUP BY d.day`,
      );
      const inRange = days.filter((d) => d.date >= f.start);
      const sum = (key: keyof typeof empty) => inRange.reduce((acc, d) => acc + d[key], 0);
      return {
        total: sum('total'),
        interactions: sum('interactions'),
        likes: sum('likes'),
        collects: sum('collects'),
        comments: sum('comments'),
        shares: sum('shares'),
        previous_total: days.filter((d) => d.date < f.start).reduce((acc, d) => acc + d.total, 0),
        trend: trendOf(inRange.map((d) => ({ date: d.date, count: d.total, interactions: d.interactions }))),
        start: f.start,
        end: f.end,
      };
    }
    const [sums] = await rows<typeof empty>(
      this.db,
      sql`SELECT count(*)::int AS total, coalesce(sum(n.interactions), 0)::float8 AS interactions,
            coalesce(sum(n.likes), 0)::float8 AS likes, coalesce(sum(n.collects), 0)::float8 AS collects,
            coalesce(sum(n.comments), 0)::float8 AS comments, coalesce(sum(n.shares), 0)::float8 AS shares
          FROM red_notes n WHERE ${whereOf(f)}`,
    );
    const span = f.to.getTime() - f.from.getTime();
    const previous = { from: new Date(f.from.getTime() - span), to: f.from };
    const [prev] = await rows<{ total: number }>(
      this.db,
      sql`SELECT count(*)::int AS total FROM red_notes n WHERE ${whereOf(f, previous)}`,
    );
    const trend = await rows<{ date: string; count: number; interactions: number }>(
      this.db,
      sql`SELECT ${dayOf(sql`n.published_at`)} AS date, count(*)::int AS count, sum(n.interactions)::float8 AS interactions
          FROM red_notes n WHERE ${whereOf(f)} GROUP BY 1`,
    );
    return { ...(sums ?? empty), previous_total: prev?.total ?? 0, trend: trendOf(trend), start: f.start, end: f.end };
  }

  async sentimentAnalysis(f: ResolvedFilter): Promise<RedSentimentAnalysis> {
    const dates = datesOf(f.start, f.end);
    const scope = dailyScope(f);
    const found = f.empty
      ? []
      : scope
        ? await rows<{ date: string; sentiment: RedSentiment; count: number }>(
            this.db,
            sql`SELECT d.day AS date, d.sentiment, sum(d.notes)::int AS count FROM red_daily_counts d
                WHERE ${scope} AND d.day >= ${f.start} AND d.day <= ${f.end} GROUP BY 1, 2`,
          )
        : await rows<{ date: string; sentiment: RedSentiment; count: number }>(
            this.db,
            sql`SELECT ${dayOf(sql`n.published_at`)} AS date, n.sentiment, count(*)::int AS count
                FROM red_notes n WHERE ${whereOf(f)} GROUP BY 1, 2`,
          );
    const totals = { positive: 0, neutral: 0, negative: 0 };
    const byDate = new Map(dates.map((date) => [date, { date, positive: 0, neutral: 0, negative: 0 }]));
    for (const r of found) {
      totals[r.sentiment] += r.count;
      const day = byDate.get(r.date);
      if (day) day[r.sentiment] += r.count;
    }
    return { ...totals, trend: [...byDate.values()] };
  }

  async sentimentDetail(
    f: ResolvedFilter,
    polarity: 'positive' | 'negative',
    page: number,
    pageSize: number,
  ): Promise<RedSentimentDetail> {
    if (f.empty) return { list: [], total: 0 };
    const scope = await this.aggregatesFor(f);
    return scope
      ? this.daily.sentimentDetail(f, scope, polarity, page, pageSize)
      : this.notes.sentimentDetail(f, polarity, page, pageSize);
  }

  async sceneInsight(f: ResolvedFilter): Promise<RedSceneInsight> {
    if (f.empty) return { scenes: [], keywords: [] };
    const scope = await this.aggregatesFor(f);
    return scope ? this.daily.sceneInsight(f, scope) : this.notes.sceneInsight(f);
  }

  async highQuality(f: ResolvedFilter): Promise<RedHighQuality> {
    if (f.empty) return noQuality();
    const scope = await this.aggregatesFor(f);
    return scope ? this.daily.highQuality(f, scope) : this.notes.highQuality(f);
  }

  /** The aggregates' scope of a filter, when they can answer it and hold every note. */
  private async aggregatesFor(f: ResolvedFilter): Promise<SQL | null> {
    const scope = dailyScope(f);
    return scope && (await this.aggregates.ready()) ? scope : null;
  }

  async articleList(
    userId: number,
    f: ResolvedFilter,
    sort: 'published' | 'interactions',
    page: number,
    pageSize: number,
  ): Promise<RedArticleList> {
    if (f.empty) return { list: [], total: 0 };
    const offset = (page - 1) * pageSize;
    const scope = await this.aggregatesFor(f);
    let total: number;
    let where = whereOf(f);
    if (scope) {
      // The total from the aggregates (the same count as the rows'), and how many notes a walk in
      // the list's order would pass for each one it keeps.
      const [counts] = await rows<{ total: number; in_range: number; every: number }>(
        this.db,
        sql`SELECT coalesce(sum(d.notes) FILTER (WHERE ${scope} AND ${dailyRange(f)}), 0)::int AS total,
              coalesce(sum(d.notes) FILTER (WHERE d.project_id = 0 AND ${dailyRange(f)}), 0)::int AS in_range,
              coalesce(sum(d.notes) FILTER (WHERE d.project_id = 0), 0)::int AS every
            FROM red_daily_counts d WHERE (d.project_id = 0 AND d.brand_id = 0) OR (${scope})`,
      );
      total = counts?.total ?? 0;
      if (total === 0 || offset >= total) return { list: [], total };
      const passed = (offset + pageSize) * ((sort === 'published' ? counts!.in_range : counts!.every) / total);
      // Walking beats reading every note of the scope when it stops well before their number.
      if (passed * 2 < total) where = notesInScope(f);
    } else {
      const [count] = await rows<{ total: number }>(
        this.db,
        sql`SELECT count(*)::int AS total FROM red_notes n WHERE ${whereOf(f)}`,
      );
      total = count?.total ?? 0;
    }
    const found = await articlesWhere(this.db, userId, where, orderOf(sort), pageSize, offset);
    return { list: found.map(toArticle), total };
  }

  /** The rows of an export, in the list's order; null when there are more than `max`. */
  async exportRows(userId: number, f: ResolvedFilter, max: number) {
    if (f.empty) return [];
    const [count] = await rows<{ total: number }>(
      this.db,
      sql`SELECT count(*)::int AS total FROM red_notes n WHERE ${whereOf(f)}`,
    );
    if ((count?.total ?? 0) > max) return null;
    return articlesWhere(this.db, userId, whereOf(f), orderOf('published'), max, 0, sql`, n.content`);
  }
}

export function orderOf(sort: 'published' | 'interactions') {
  return sort === 'interactions' ? sql`n.interactions DESC, n.id DESC` : sql`n.published_at DESC, n.id DESC`;
}

import type {
  RedArticleList,
  RedArticleTotal,
  RedHighQuality,
  RedSceneInsight,
  RedSentimentAnalysis,
  RedSentimentDetail,
  RedSentiment,
} from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rows } from '../../lib/sql-rows';
import { SCENE_GROUPS } from './analysis/scenes';
import { articlesWhere, toArticle } from './article-rows';
import { datesOf, dayOf, whereOf, type ResolvedFilter } from './insight-filter';

/** Title patterns the high-performing-note analysis compares (PostgreSQL regular expressions). */
const TITLE_PATTERNS: { name: string; regex: string }[] = [
  { name: '含数字', regex: '[0-9０-９]' },
  { name: '疑问句', regex: '[?？]' },
  { name: '感叹句', regex: '[!！]' },
  { name: '含表情', regex: '[\\U0001F300-\\U0001FAFF\\u2600-\\u27BF]' },
  { name: '含括号标签', regex: '[【】\\[\\]｜|]' },
  { name: '合集/教程/攻略', regex: '(合集|教程|攻略|清单|指南)' },
  { name: '测评/对比', regex: '(测评|对比|横评|实测)' },
  { name: '避雷/踩雷', regex: '(避雷|踩雷|拔草|排雷)' },
  { name: '平替/性价比', regex: '(平替|性价比|平价)' },
];

/**
 * The daily-count scope of a filter, when the counts can answer it: no keyword, and one brand,
 * one category or every note (several subscribed categories could count a note twice).
 */
function dailyScope(f: ResolvedFilter) {
  if (f.keyword) return null;
  let scope;
  if (f.brandIds) {
    if (f.brandIds.length !== 1) return null;
    scope = sql`d.brand_id = ${f.brandIds[0]!} AND d.project_id <> 0`;
  } else if (f.projectIds) {
    if (f.projectIds.length !== 1) return null;
    scope = sql`d.project_id = ${f.projectIds[0]!} AND d.brand_id = 0`;
  } else scope = sql`d.project_id = 0 AND d.brand_id = 0`;
  return f.sentiment ? sql`${scope} AND d.sentiment = ${f.sentiment}` : scope;
}

const dayShift = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The insight tab's calls over the filtered notes; every query reads the analysis stored at import. */
export class InsightService {
  constructor(private readonly db: Db) {}

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
    const from = sql`FROM red_notes n CROSS JOIN LATERAL jsonb_array_elements(n.sentences) s(sentence)
      WHERE ${whereOf(f)} AND s.sentence->>'polarity' = ${polarity}`;
    const [count] = await rows<{ total: number }>(this.db, sql`SELECT count(*)::int AS total ${from}`);
    const found = await rows<{
      note_id: string;
      title: string;
      brands: string[] | null;
      published_at: string;
      sentence: RedSentimentDetail['list'][number]['sentence'];
    }>(
      this.db,
      sql`SELECT n.note_id, n.title, s.sentence,
            (SELECT jsonb_agg(b.name ORDER BY b.name) FROM red_note_brands nb JOIN red_brands b ON b.id = nb.brand_id
              WHERE nb.note_pk = n.id) AS brands,
            to_char(n.published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS published_at
          ${from}
          ORDER BY abs((s.sentence->>'score')::float8) DESC, n.published_at DESC, n.id
          LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
    );
    return {
      total: count?.total ?? 0,
      list: found.map((r) => ({ ...r, brands: r.brands ?? [] })),
    };
  }

  async sceneInsight(f: ResolvedFilter): Promise<RedSceneInsight> {
    if (f.empty) return { scenes: [], keywords: [] };
    const [count] = await rows<{ total: number }>(
      this.db,
      sql`SELECT count(*)::int AS total FROM red_notes n WHERE ${whereOf(f)}`,
    );
    const total = count?.total ?? 0;
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

  async highQuality(f: ResolvedFilter): Promise<RedHighQuality> {
    const none: RedHighQuality = {
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
    };
    if (f.empty) return none;
    const [cut] = await rows<{ threshold: number | null; total: number }>(
      this.db,
      sql`SELECT percentile_disc(0.9) WITHIN GROUP (ORDER BY n.interactions)::float8 AS threshold, count(*)::int AS total
          FROM red_notes n WHERE ${whereOf(f)}`,
    );
    if (!cut || cut.total === 0) return none;
    const threshold = cut.threshold ?? 0;
    // The top tenth: notes at or above the 90th percentile (at least one note).
    const high = sql`(n.interactions >= ${threshold})`;
    const patternColumns = sql.join(
      TITLE_PATTERNS.map(
        (p, i) =>
          sql`avg(CASE WHEN n.title ~ ${p.regex} THEN 1 ELSE 0 END) FILTER (WHERE ${high})::float8 AS ${sql.raw(`h${i}`)},
              avg(CASE WHEN n.title ~ ${p.regex} THEN 1 ELSE 0 END)::float8 AS ${sql.raw(`a${i}`)}`,
      ),
      sql`, `,
    );
    const [stats] = await rows<Record<string, number | null>>(
      this.db,
      sql`SELECT count(*) FILTER (WHERE ${high})::int AS high_count,
            avg(n.title_length) FILTER (WHERE ${high})::float8 AS tl_h, avg(n.title_length)::float8 AS tl_a,
            avg(n.content_length) FILTER (WHERE ${high})::float8 AS cl_h, avg(n.content_length)::float8 AS cl_a,
            avg(n.image_count) FILTER (WHERE ${high})::float8 AS ic_h, avg(n.image_count)::float8 AS ic_a,
            ${patternColumns}
          FROM red_notes n WHERE ${whereOf(f)}`,
    );
    const hours = await rows<{ hour: number; high: number; all: number }>(
      this.db,
      sql`SELECT extract(hour FROM (n.published_at AT TIME ZONE 'UTC') + interval '8 hours')::int AS hour,
            count(*) FILTER (WHERE ${high})::int AS high, count(*)::int AS "all"
          FROM red_notes n WHERE ${whereOf(f)} GROUP BY 1 ORDER BY 1`,
    );
    const topics = await rows<{ topic: string; count: number }>(
      this.db,
      sql`SELECT t.topic, count(*)::int AS count
          FROM red_notes n CROSS JOIN LATERAL jsonb_array_elements_text(n.topics) t(topic)
          WHERE ${whereOf(f)} AND ${high} GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 15`,
    );
    const round = (v: number | null | undefined, digits = 1) => Math.round((v ?? 0) * 10 ** digits) / 10 ** digits;
    const s = stats ?? {};
    const byHour = new Map(hours.map((h) => [h.hour, h]));
    return {
      threshold,
      high_count: s.high_count ?? 0,
      total: cut.total,
      avg: {
        title_length: { high: round(s.tl_h), all: round(s.tl_a) },
        content_length: { high: round(s.cl_h), all: round(s.cl_a) },
        image_count: { high: round(s.ic_h), all: round(s.ic_a) },
      },
      title_patterns: TITLE_PATTERNS.map((p, i) => ({
        name: p.name,
        high: round(s[`h${i}`], 3),
        all: round(s[`a${i}`], 3),
      })),
      hours: Array.from({ length: 24 }, (_, hour) => ({
        hour,
        high: byHour.get(hour)?.high ?? 0,
        all: byHour.get(hour)?.all ?? 0,
      })),
      topics,
    };
  }

  async articleList(
    userId: number,
    f: ResolvedFilter,
    sort: 'published' | 'interactions',
    page: number,
    pageSize: number,
  ): Promise<RedArticleList> {
    if (f.empty) return { list: [], total: 0 };
    const [count] = await rows<{ total: number }>(
      this.db,
      sql`SELECT count(*)::int AS total FROM red_notes n WHERE ${whereOf(f)}`,
    );
    const found = await articlesWhere(this.db, userId, whereOf(f), orderOf(sort), pageSize, (page - 1) * pageSize);
    return { list: found.map(toArticle), total: count?.total ?? 0 };
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

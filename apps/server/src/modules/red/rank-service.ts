import { RED_RANK_WINDOWS, type RedRankWindowId, type RedTopicDetail, type RedTopicList } from '@portal/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rows } from '../../lib/sql-rows';
import { articlesWhere, toArticle } from './article-rows';
import type { DailyAggregates } from './daily-aggregates';
import { chinaDate, chinaStart, datesOf, dayOf } from './insight-filter';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Each topic's notes, interactions and weighted interactions in [from, to), read from the topic rows. */
function topicRowSums(from: Date, to: Date, projectId: number | null): SQL {
  const scope = projectId
    ? sql`AND t.note_pk IN (SELECT nb.note_pk FROM red_note_brands nb WHERE nb.project_id = ${projectId}
          AND nb.published_at >= ${from.toISOString()} AND nb.published_at < ${to.toISOString()})`
    : sql``;
  return sql`SELECT t.topic, count(*) AS notes, sum(t.interactions) AS interactions, sum(t.weighted) AS weighted
    FROM red_note_topics t
    WHERE t.published_at >= ${from.toISOString()} AND t.published_at < ${to.toISOString()} ${scope}
    GROUP BY t.topic`;
}

function windowOf(id: RedRankWindowId, now: Date) {
  const days = RED_RANK_WINDOWS.find((w) => w.id === id)!.days;
  const span = days * 24 * HOUR_MS;
  return { from: new Date(now.getTime() - span), to: now, prevFrom: new Date(now.getTime() - 2 * span), days };
}

/**
 * Hot topics. A topic's heat in a window is its notes' interactions weighted by kind (a share
 * counts more than a like), plus half of what it gained over the window before: a topic that is
 * rising beats one of the same size that is flat. `newest` lists the topics first seen inside the
 * window, by the same heat.
 */
export class RankService {
  constructor(
    private readonly db: Db,
    private readonly aggregates: DailyAggregates,
  ) {}

  async topicList(
    query: { sort: 'hot' | 'newest'; time: RedRankWindowId; type?: string; page_index: number; page_size: number },
    now = new Date(),
    /** Read every topic row of the windows (the reference the aggregates are tested against). */
    fromTopicRows = false,
  ): Promise<RedTopicList> {
    const w = windowOf(query.time, now);
    const projectId = query.type && /^\d+$/.test(query.type) ? Number(query.type) : null;
    const daily = !fromTopicRows && (await this.aggregates.ready());
    const sums = (from: Date, to: Date) =>
      daily ? this.windowSums(from, to, projectId) : topicRowSums(from, to, projectId);
    const ranked = sql`
      WITH cur AS (
        SELECT s.topic, sum(s.notes)::int AS note_count, sum(s.interactions)::float8 AS interactions,
               sum(s.weighted)::float8 AS weighted
        FROM (${sums(w.from, w.to)}) s GROUP BY s.topic HAVING sum(s.notes) > 0
      ), prev AS (
        SELECT s.topic, sum(s.weighted)::float8 AS weighted FROM (${sums(w.prevFrom, w.from)}) s GROUP BY s.topic
      )
      SELECT cur.topic, cur.note_count, cur.interactions,
             round(cur.weighted + greatest(cur.weighted - coalesce(prev.weighted, 0), 0) / 2)::float8 AS heat,
             round(((cur.weighted - coalesce(prev.weighted, 0)) / greatest(coalesce(prev.weighted, 0), 1))::numeric, 3)::float8 AS growth,
             to_char(rt.first_seen AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS first_seen
      FROM cur LEFT JOIN prev ON prev.topic = cur.topic JOIN red_topics rt ON rt.topic = cur.topic
      ${query.sort === 'newest' ? sql`WHERE rt.first_seen >= ${w.from.toISOString()}` : sql``}`;
    // The page and the total in one pass over the windows.
    const found = await rows<RedTopicList['list'][number] & { total: number }>(
      this.db,
      sql`SELECT r.*, count(*) OVER ()::int AS total FROM (${ranked}) r ORDER BY r.heat DESC, r.topic
          LIMIT ${query.page_size} OFFSET ${(query.page_index - 1) * query.page_size}`,
    );
    let total = found[0]?.total;
    if (total === undefined) {
      // A page past the end: the total alone.
      const [count] = await rows<{ total: number }>(this.db, sql`SELECT count(*)::int AS total FROM (${ranked}) r`);
      total = count?.total ?? 0;
    }
    return { list: found.map(({ total: _, ...topic }) => topic), total };
  }

  /**
   * A window's sums per topic (notes, interactions, weighted) as rows to be summed by topic: its
   * whole China days from the daily aggregates, its partial first and last days from the topic
   * rows (an index-only range each).
   */
  private windowSums(from: Date, to: Date, projectId: number | null): SQL {
    let firstDay = chinaStart(chinaDate(from));
    if (firstDay < from) firstDay = new Date(firstDay.getTime() + DAY_MS);
    const lastDayEnd = chinaStart(chinaDate(to));
    if (firstDay >= lastDayEnd) return topicRowSums(from, to, projectId);
    const parts = [
      sql`SELECT d.topic, d.notes, d.interactions, d.weighted FROM red_daily_topics d
          WHERE d.project_id = ${projectId ?? 0} AND d.brand_id = 0
            AND d.day >= ${chinaDate(firstDay)} AND d.day <= ${chinaDate(new Date(lastDayEnd.getTime() - DAY_MS))}`,
    ];
    if (from < firstDay) parts.push(topicRowSums(from, firstDay, projectId));
    if (lastDayEnd < to) parts.push(topicRowSums(lastDayEnd, to, projectId));
    return sql.join(parts, sql` UNION ALL `);
  }

  async topicDetail(userId: number, topic: string, time: RedRankWindowId, now = new Date()): Promise<RedTopicDetail> {
    const w = windowOf(time, now);
    const inWindow = sql`t.topic = ${topic} AND t.published_at >= ${w.from.toISOString()} AND t.published_at < ${w.to.toISOString()}`;
    const trend = await rows<{ date: string; note_count: number; interactions: number }>(
      this.db,
      sql`SELECT ${dayOf(sql`t.published_at`)} AS date, count(*)::int AS note_count, sum(t.interactions)::float8 AS interactions
          FROM red_note_topics t WHERE ${inWindow} GROUP BY 1`,
    );
    const byDate = new Map(trend.map((r) => [r.date, r]));
    const notes = await articlesWhere(
      this.db,
      userId,
      sql`n.id IN (SELECT t.note_pk FROM red_note_topics t WHERE ${inWindow})`,
      sql`n.interactions DESC, n.id DESC`,
      10,
    );
    return {
      topic,
      trend: datesOf(chinaDate(w.from), chinaDate(new Date(w.to.getTime() - 1))).map((date) => ({
        date,
        note_count: byDate.get(date)?.note_count ?? 0,
        interactions: byDate.get(date)?.interactions ?? 0,
      })),
      notes: notes.map(toArticle),
    };
  }
}

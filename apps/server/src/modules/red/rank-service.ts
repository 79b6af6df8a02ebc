import { RED_RANK_WINDOWS, type RedRankWindowId, type RedTopicDetail, type RedTopicList } from '@portal/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rows } from '../../lib/sql-rows';
import { articlesWhere, toArticle } from './article-rows';
import { chinaDate, datesOf, dayOf } from './insight-filter';

const HOUR_MS = 3_600_000;

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
  constructor(private readonly db: Db) {}

  async topicList(
    query: { sort: 'hot' | 'newest'; time: RedRankWindowId; type?: string; page_index: number; page_size: number },
    now = new Date(),
  ): Promise<RedTopicList> {
    const w = windowOf(query.time, now);
    const projectId = query.type && /^\d+$/.test(query.type) ? Number(query.type) : null;
    const scope = (from: Date, to: Date): SQL =>
      projectId
        ? sql`AND t.note_pk IN (SELECT nb.note_pk FROM red_note_brands nb WHERE nb.project_id = ${projectId}
              AND nb.published_at >= ${from.toISOString()} AND nb.published_at < ${to.toISOString()})`
        : sql``;
    const ranked = sql`
      WITH cur AS (
        SELECT t.topic, count(*)::int AS note_count, sum(t.interactions)::float8 AS interactions,
               sum(t.weighted)::float8 AS weighted
        FROM red_note_topics t
        WHERE t.published_at >= ${w.from.toISOString()} AND t.published_at < ${w.to.toISOString()} ${scope(w.from, w.to)}
        GROUP BY t.topic
      ), prev AS (
        SELECT t.topic, sum(t.weighted)::float8 AS weighted
        FROM red_note_topics t
        WHERE t.published_at >= ${w.prevFrom.toISOString()} AND t.published_at < ${w.from.toISOString()}
          AND t.topic IN (SELECT topic FROM cur) ${scope(w.prevFrom, w.from)}
        GROUP BY t.topic
      )
      SELECT cur.topic, cur.note_count, cur.interactions,
             round(cur.weighted + greatest(cur.weighted - coalesce(prev.weighted, 0), 0) / 2)::float8 AS heat,
             round(((cur.weighted - coalesce(prev.weighted, 0)) / greatest(coalesce(prev.weighted, 0), 1))::numeric, 3)::float8 AS growth,
             to_char(rt.first_seen AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS first_seen
      FROM cur LEFT JOIN prev ON prev.topic = cur.topic JOIN red_topics rt ON rt.topic = cur.topic
      ${query.sort === 'newest' ? sql`WHERE rt.first_seen >= ${w.from.toISOString()}` : sql``}`;
    const [count] = await rows<{ total: number }>(this.db, sql`SELECT count(*)::int AS total FROM (${ranked}) r`);
    const list = await rows<RedTopicList['list'][number]>(
      this.db,
      sql`SELECT * FROM (${ranked}) r ORDER BY r.heat DESC, r.topic
          LIMIT ${query.page_size} OFFSET ${(query.page_index - 1) * query.page_size}`,
    );
    return { list, total: count?.total ?? 0 };
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

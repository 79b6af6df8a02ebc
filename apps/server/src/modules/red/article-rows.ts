import type { RedArticle } from '@portal/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rows } from '../../lib/sql-rows';

export interface ArticleRow {
  pk: number;
  note_id: string;
  title: string;
  author: string;
  sentiment: RedArticle['sentiment'];
  brands: string[] | null;
  products: string[] | null;
  interactions: number;
  likes: number;
  collects: number;
  comments: number;
  shares: number;
  image_count: number;
  topics: string[];
  published_at: string;
  link: string;
  is_sample: boolean;
  collected: boolean;
  content?: string;
}

/** The columns of a note as lists show it (alias `n`), with its brand and product names and the user's collect flag. */
export function articleColumns(userId: number): SQL {
  return sql`n.id::int AS pk, n.note_id, n.title, n.author, n.sentiment,
    (SELECT jsonb_agg(b.name ORDER BY b.name) FROM red_note_brands nb JOIN red_brands b ON b.id = nb.brand_id
       WHERE nb.note_pk = n.id) AS brands,
    (SELECT jsonb_agg(p.name ORDER BY p.name) FROM red_note_brands nb
       JOIN red_products p ON nb.product_ids @> to_jsonb(p.id) WHERE nb.note_pk = n.id) AS products,
    n.interactions::int AS interactions, n.likes::int AS likes, n.collects::int AS collects,
    n.comments::int AS comments, n.shares::int AS shares, n.image_count::int AS image_count, n.topics,
    to_char(n.published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS published_at, n.link, n.is_sample,
    EXISTS (SELECT 1 FROM red_collections c WHERE c.user_id = ${userId} AND c.note_pk = n.id) AS collected`;
}

export function toArticle(r: ArticleRow): RedArticle {
  return {
    note_id: r.note_id,
    title: r.title,
    author: r.author,
    sentiment: r.sentiment,
    brands: r.brands ?? [],
    products: r.products ?? [],
    interactions: r.interactions,
    likes: r.likes,
    collects: r.collects,
    comments: r.comments,
    shares: r.shares,
    image_count: r.image_count,
    topics: r.topics,
    published_at: r.published_at,
    link: r.link,
    is_sample: r.is_sample,
    collected: r.collected,
  };
}

export async function articlesWhere(
  db: Db,
  userId: number,
  where: SQL,
  order: SQL,
  limit: number,
  offset = 0,
  extra: SQL = sql``,
): Promise<ArticleRow[]> {
  return rows<ArticleRow>(
    db,
    sql`SELECT ${articleColumns(userId)}${extra} FROM red_notes n WHERE ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
  );
}

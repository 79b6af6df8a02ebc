import { tokenize } from './tokenize';

export interface Scorable {
  text: string;
}

export interface Scored<T> {
  item: T;
  score: number;
}

const K1 = 1.2;
const B = 0.75;

/**
 * BM25 over the given passages for the query's terms (see tokenize: words and Chinese character
 * bigrams). Runs in memory over one collection's chunks, the same on PGlite and PostgreSQL.
 * Passages with no query term are left out; ties keep document order.
 */
export function rankPassages<T extends Scorable>(query: string, passages: readonly T[], limit: number): Scored<T>[] {
  const queryTerms = [...new Set(tokenize(query))];
  if (queryTerms.length === 0 || passages.length === 0) return [];
  const docs = passages.map((p) => {
    const tf = new Map<string, number>();
    const terms = tokenize(p.text);
    for (const t of terms) tf.set(t, (tf.get(t) ?? 0) + 1);
    return { tf, length: terms.length };
  });
  const avgLength = docs.reduce((n, d) => n + d.length, 0) / docs.length || 1;
  const idf = new Map<string, number>();
  for (const term of queryTerms) {
    const df = docs.reduce((n, d) => n + (d.tf.has(term) ? 1 : 0), 0);
    idf.set(term, Math.log(1 + (docs.length - df + 0.5) / (df + 0.5)));
  }
  // A lone shared character (计 of 计算 in 计划) is no evidence: a passage must share a word or a
  // bigram with the query, unless the query has none.
  const needsLong = queryTerms.some((t) => Array.from(t).length > 1);
  const scored: Scored<T>[] = [];
  docs.forEach((doc, i) => {
    let score = 0;
    let long = false;
    for (const term of queryTerms) {
      const f = doc.tf.get(term);
      if (!f) continue;
      if (Array.from(term).length > 1) long = true;
      score += (idf.get(term)! * f * (K1 + 1)) / (f + K1 * (1 - B + (B * doc.length) / avgLength));
    }
    if (score > 0 && (long || !needsLong)) scored.push({ item: passages[i]!, score });
  });
  scored.sort((a, b) => b.score - a.score);
  return scored.slice(0, limit);
}

/** The most telling terms of a collection (frequent, but not in every passage), for suggestions. */
export function topTerms(passages: readonly Scorable[], limit: number): string[] {
  const df = new Map<string, number>();
  const tf = new Map<string, number>();
  for (const p of passages) {
    const terms = tokenize(p.text).filter((t) => t.length >= 2 && !/^\d+$/.test(t));
    for (const t of terms) tf.set(t, (tf.get(t) ?? 0) + 1);
    for (const t of new Set(terms)) df.set(t, (df.get(t) ?? 0) + 1);
  }
  const n = passages.length;
  // A short document repeats little: there, a term seen once still says what it is about.
  const minCount = n >= 5 ? 2 : 1;
  return [...tf.entries()]
    .filter(([t, f]) => f >= minCount && (n < 3 || (df.get(t) ?? 0) < n))
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, limit)
    .map(([t]) => t);
}

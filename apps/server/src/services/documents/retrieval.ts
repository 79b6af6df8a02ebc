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

function occurrences(haystack: string, needle: string): number {
  let n = 0;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + needle.length)) n++;
  return n;
}

/**
 * BM25 over the given passages for the query's terms (see tokenize: words and Chinese character
 * bigrams). Term frequencies are counted by substring search in each passage, so nothing is
 * tokenized per passage and a few thousand passages rank in milliseconds; the passage length
 * in characters stands in for its term count. Runs in memory over one collection's chunks, the
 * same on PGlite and PostgreSQL. Passages sharing no word or bigram with the query are left out;
 * ties keep document order.
 */
export function rankPassages<T extends Scorable>(
  query: string,
  passages: readonly T[],
  limit: number,
  /** Passages in the whole collection when `passages` were prefiltered to those sharing a term. */
  collectionSize = passages.length,
): Scored<T>[] {
  const queryTerms = [...new Set(tokenize(query))];
  if (queryTerms.length === 0 || passages.length === 0) return [];
  const isLong = queryTerms.map((t) => Array.from(t).length > 1);
  // A lone shared character (计 of 计算 in 计划) is no evidence: a passage must share a word or a
  // bigram with the query, unless the query has none.
  const needsLong = isLong.some(Boolean);
  const counts = passages.map((p) => {
    const text = p.text.normalize('NFKC').toLowerCase();
    return { tf: queryTerms.map((t) => occurrences(text, t)), length: text.length };
  });
  const avgLength = counts.reduce((n, d) => n + d.length, 0) / counts.length || 1;
  const idf = queryTerms.map((_, j) => {
    const df = counts.reduce((n, d) => n + (d.tf[j]! > 0 ? 1 : 0), 0);
    return Math.log(1 + (Math.max(collectionSize, counts.length) - df + 0.5) / (df + 0.5));
  });
  const scored: Scored<T>[] = [];
  counts.forEach((doc, i) => {
    let score = 0;
    let long = false;
    doc.tf.forEach((f, j) => {
      if (!f) return;
      if (isLong[j]) long = true;
      score += (idf[j]! * f * (K1 + 1)) / (f + K1 * (1 - B + (B * doc.length) / avgLength));
    });
    if (score > 0 && (long || !needsLong)) scored.push({ item: passages[i]!, score });
  });
  scored.sort((a, b) => b.score - a.score);
  return scored.slice(0, limit);
}

/** The query's words and bigrams: a passage must contain one of them to rank (see rankPassages). */
export function longTerms(query: string): string[] {
  return [...new Set(tokenize(query))].filter((t) => Array.from(t).length > 1);
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

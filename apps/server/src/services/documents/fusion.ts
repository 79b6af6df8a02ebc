/** Reciprocal rank fusion's constant: the usual 60 keeps one list's top from swamping the other. */
const RRF_K = 60;

/**
 * Merges rankings of the same items by reciprocal rank fusion: each item scores the sum of
 * 1 / (k + rank) over the lists it appears in, so agreement between lists wins and neither
 * list's own scale (BM25 points, cosine distances) matters. Ties keep the first list's order.
 */
export function fuseByRank(lists: readonly (readonly number[])[], limit: number): { id: number; score: number }[] {
  const scores = new Map<number, { score: number; first: number }>();
  lists.forEach((list, l) =>
    list.forEach((id, rank) => {
      const entry = scores.get(id) ?? { score: 0, first: l * 1_000_000 + rank };
      entry.score += 1 / (RRF_K + rank + 1);
      scores.set(id, entry);
    }),
  );
  return [...scores]
    .sort((a, b) => b[1].score - a[1].score || a[1].first - b[1].first)
    .slice(0, limit)
    .map(([id, e]) => ({ id, score: e.score }));
}

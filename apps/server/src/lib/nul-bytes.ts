/**
 * PostgreSQL text and jsonb cannot hold U+0000, so a NUL byte that reached a query would end as a
 * 500. Every input is searched once, before any handler runs, and the first string (or key)
 * holding one is named.
 */
const NUL = '\u0000';

/** The dotted path of the first string or key containing U+0000, or undefined when there is none. */
export function findNul(value: unknown, path: readonly string[] = [], depth = 0): string[] | undefined {
  if (typeof value === 'string') return value.includes(NUL) ? [...path] : undefined;
  // Parsed JSON is a tree; the depth cap only guards against hand-built cycles.
  if (value === null || typeof value !== 'object' || depth > 64) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], [...path, String(i)], depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    if (key.includes(NUL)) return [...path, key.replaceAll(NUL, '\\u0000')];
    const found = findNul(child, [...path, key], depth + 1);
    if (found) return found;
  }
  return undefined;
}

export const NUL_DETAIL = '不能包含空字符（\\u0000）';

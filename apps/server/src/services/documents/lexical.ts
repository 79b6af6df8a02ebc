import { tokenize } from './tokenize';

/**
 * Text-search literals built from our own segmentation. The database never tokenizes: a tsvector
 * or tsquery literal cast with ::tsvector / ::tsquery is taken as written, so PGlite and
 * PostgreSQL (whatever their locale or text-search configuration) index and match the same terms.
 */

/** PostgreSQL keeps at most 256 positions per lexeme and positions up to 16383. */
const MAX_POSITIONS = 256;
const MAX_POSITION = 16_383;

/** A lexeme in quotes, with quote and backslash escaped (tokenize yields letters and digits only). */
function quote(term: string): string {
  return `'${term.replace(/['\\]/g, (c) => `\\${c}`)}'`;
}

/** The chunk's terms with their positions, as a tsvector literal, and the distinct terms. */
export function termVector(text: string): { literal: string; terms: string[] } {
  const positions = new Map<string, number[]>();
  tokenize(text).forEach((term, i) => {
    const list = positions.get(term) ?? [];
    if (list.length < MAX_POSITIONS) list.push(Math.min(i + 1, MAX_POSITION));
    positions.set(term, list);
  });
  const literal = [...positions].map(([term, at]) => `${quote(term)}:${at.join(',')}`).join(' ');
  return { literal, terms: [...positions.keys()] };
}

/** A tsquery literal matching any of the terms. */
export function anyTermQuery(terms: readonly string[]): string {
  return terms.map(quote).join(' | ');
}

/** A tsquery literal for one term. */
export function termQuery(term: string): string {
  return quote(term);
}

/** The distinct terms of a question, in order. */
export function queryTerms(query: string): string[] {
  return [...new Set(tokenize(query))];
}

import type { DocCitation } from '@portal/contract';

/** `[1]`, `[1,2]`, `[1、3]`: the numbers an answer refers to. */
const MARKER = /\[(\d{1,3}(?:\s*[,，、]\s*\d{1,3})*)\]/g;

/** The sources the answer's text refers to, in their order: retrieved passages it did not use are not its sources. */
export function citedSources(text: string, citations: readonly DocCitation[]): DocCitation[] {
  const used = new Set<number>();
  for (const match of text.matchAll(MARKER)) for (const n of match[1]!.split(/[,，、]/)) used.add(Number(n.trim()));
  return citations.filter((c) => used.has(c.index));
}

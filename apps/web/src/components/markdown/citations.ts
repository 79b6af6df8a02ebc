import { normalizeSourceUrl, type Citation as SourceCitation } from '@portal/contract';

export { normalizeSourceUrl };

/** What the renderer needs of a source: its address, and a title when there is one. */
export type Citation = Pick<SourceCitation, 'url'> & Partial<Pick<SourceCitation, 'title'>>;

/** Index of the citation whose URL matches, or -1. */
export function citationIndexOf(citations: readonly Citation[], url: string): number {
  const wanted = normalizeSourceUrl(url);
  return citations.findIndex((c) => normalizeSourceUrl(c.url) === wanted);
}

import type { Citation, DocCitation, Evidence } from '@portal/contract';

/**
 * A document citation as the thread's markdown shows it: `[n]` becomes a link to the session page
 * with the file and page (or row), so a citation opened in a new tab still lands on the source;
 * a plain click is caught and opens the viewer in place.
 */

export interface SourceTarget {
  fileId: string | null;
  fileName: string;
  page: number | null;
  row: number | null;
  quote: string;
}

export function placeLabel(target: Pick<SourceTarget, 'page' | 'row'>): string {
  if (target.page) return `第${target.page}页`;
  if (target.row) return `第${target.row}行`;
  return '';
}

export function sourceHref(topPath: string, sessionId: string, target: SourceTarget, chunkId?: string): string {
  const params = new URLSearchParams({ id: sessionId });
  if (target.fileId) params.set('file', target.fileId);
  if (target.page) params.set('page', String(target.page));
  if (target.row) params.set('row', String(target.row));
  if (chunkId) params.set('chunk', chunkId);
  return `${window.location.origin}${topPath}/session?${params.toString()}`;
}

export const targetOfCitation = (c: DocCitation): SourceTarget => ({
  fileId: c.file_id,
  fileName: c.file_name,
  page: c.page,
  row: c.row,
  quote: c.quote,
});

export const targetOfEvidence = (e: Evidence): SourceTarget => ({
  fileId: e.file_id,
  fileName: e.file_name,
  page: e.page,
  row: e.row,
  quote: e.quote,
});

/** The thread's citations for an answer's document sources. */
export function toThreadCitations(topPath: string, sessionId: string, citations: readonly DocCitation[]): Citation[] {
  return citations.map((c) => ({
    index: c.index,
    title: [c.file_name, placeLabel(c)].filter(Boolean).join(' · '),
    url: sourceHref(topPath, sessionId, targetOfCitation(c), c.chunk_id),
    snippet: c.quote,
  }));
}

/** The file, page, row and passage a source link points at; null for any other link. */
export function parseSourceHref(
  href: string,
  topPath: string,
): { fileId: string; page: number | null; row: number | null; chunkId: string | null } | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (url.origin !== window.location.origin || url.pathname !== `${topPath}/session`) return null;
  const fileId = url.searchParams.get('file');
  if (!fileId) return null;
  const num = (name: string) => {
    const n = Number(url.searchParams.get(name));
    return Number.isInteger(n) && n > 0 ? n : null;
  };
  return { fileId, page: num('page'), row: num('row'), chunkId: url.searchParams.get('chunk') };
}

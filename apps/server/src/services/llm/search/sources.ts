import { normalizeSourceUrl, type Citation } from '@portal/contract';

export interface RawSearchResult {
  url: string;
  title: string;
  snippet: string;
}

const SNIPPET_MAX_CHARS = 300;

function isWebUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

/** Web links only, one per address, numbered [1]..[n] in the backend's ranking order. */
export function toCitations(results: readonly RawSearchResult[], max: number): Citation[] {
  const seen = new Set<string>();
  const citations: Citation[] = [];
  for (const result of results) {
    if (citations.length >= max) break;
    if (!isWebUrl(result.url)) continue;
    const url = normalizeSourceUrl(result.url);
    if (seen.has(url)) continue;
    seen.add(url);
    citations.push({
      index: citations.length + 1,
      title: clip(result.title, 200) || url,
      url,
      snippet: clip(result.snippet, SNIPPET_MAX_CHARS),
    });
  }
  return citations;
}

export interface Citation {
  url: string;
  title?: string;
}

/** Spec section 5: trailing slashes are stripped from source links before matching. */
export function normalizeSourceUrl(url: string): string {
  return url.trim().replace(/\/+$/, '');
}

/** Index of the citation whose URL matches, or -1. */
export function citationIndexOf(citations: readonly Citation[], url: string): number {
  const wanted = normalizeSourceUrl(url);
  return citations.findIndex((c) => normalizeSourceUrl(c.url) === wanted);
}

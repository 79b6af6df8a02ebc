/** A citation marker `[n]` (not a Markdown link `[n](…)`). */
const MARKER = /\[(\d{1,3})\](?!\()/g;

/**
 * An answer quotes only the passages it was given: a marker `[n]` that points at none of them (the
 * model numbered a source it was never shown) is removed, so every citation left opens a real page.
 */
export function keepKnownCitations(text: string, passages: number): string {
  return text.replace(MARKER, (marker, n: string) => {
    const index = Number(n);
    return index >= 1 && index <= passages ? marker : '';
  });
}

import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';

export interface ReadableText {
  title: string;
  text: string;
}

/** Characters of a page kept with a run: enough for its passages, bounded for the database. */
export const MAX_PAGE_TEXT = 60_000;

/** The readable text of a page (Readability over linkedom's DOM); plain text passes as it is. */
export function readableText(body: string, contentType: string, fallbackTitle: string): ReadableText {
  if (!contentType.includes('html')) return { title: fallbackTitle, text: tidy(body).slice(0, MAX_PAGE_TEXT) };
  const { document } = parseHTML(body);
  const title = document.title?.trim() || fallbackTitle;
  let text = '';
  try {
    // Readability expects the browser's Document; linkedom's is close enough for it.
    const article = new Readability(document as unknown as ConstructorParameters<typeof Readability>[0], {
      charThreshold: 100,
    }).parse();
    text = article?.textContent ?? '';
  } catch {
    text = '';
  }
  if (text.trim().length < 50) text = document.body?.textContent ?? '';
  return { title: oneLine(title), text: tidy(text).slice(0, MAX_PAGE_TEXT) };
}

function oneLine(title: string): string {
  return title.replace(/\s+/g, ' ').slice(0, 300);
}

/** Collapses runs of blanks, keeps paragraph breaks. */
function tidy(text: string): string {
  return text
    .replace(/\r/g, '')
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/\n\s*\n+/g, '\n')
    .trim();
}

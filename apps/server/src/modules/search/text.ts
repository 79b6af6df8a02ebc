import { tokenize } from '../../services/documents';

/** Splits text into sentences at Chinese and Western sentence ends, keeping each end mark. */
export function splitSentences(text: string): string[] {
  const out: string[] = [];
  for (const block of text.split(/\n+/)) {
    const parts = block.match(/[^。！？!?；;]+[。！？!?；;]*|[^。！？!?；;]+$/g) ?? [];
    for (const part of parts) {
      // A Western full stop ends a sentence only when followed by a space (not in 3.14 or e.g.).
      for (const piece of part.split(/(?<=\.)\s+(?=[A-Z0-9\u4e00-\u9fff])/)) {
        const s = piece.trim();
        if (s.length > 0) out.push(s);
      }
    }
  }
  return out;
}

/**
 * Function words: they say nothing about what a sentence is about, so they neither rank sentences
 * nor count as a claim's words found in a source (every page has "has", "was" and "约").
 */
const STOP = new Set(
  [
    '的 了 是 在 和 与 及 或 等 于 为 有 将 也 被 把 其 这 那 约',
    'the a an of to in and or is are was were be been has have had for on by with at as from about per',
    'than also it its this that these those which who what when how did does do will would',
  ].flatMap((words) => words.split(' ')),
);

/** The content words of a text (jieba for Chinese), lower-cased, without stop words. */
export function contentTerms(text: string): string[] {
  return tokenize(text.toLowerCase()).filter((t) => t.trim().length > 0 && !STOP.has(t) && !/^[\p{P}\s]+$/u.test(t));
}

/** The host of a URL without `www.`, or the whole string when it is no URL (a document name). */
export function siteOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

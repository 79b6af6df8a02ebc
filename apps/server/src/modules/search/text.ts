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

const STOP = new Set([
  '的',
  '了',
  '是',
  '在',
  '和',
  '与',
  '及',
  '或',
  '等',
  'the',
  'a',
  'an',
  'of',
  'to',
  'in',
  'and',
  'is',
  'are',
  'for',
  'on',
  'by',
  'with',
]);

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

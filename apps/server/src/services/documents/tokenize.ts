/**
 * Terms for lexical retrieval without a dictionary: Latin words and numbers as whole lowercase
 * terms, and Chinese (any CJK run) as overlapping character bigrams plus single characters, so
 * 毛利率 matches 毛利 and 利率 without word segmentation.
 */

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;
// CJK runs first; the other alternative stops at CJK (which is also \p{L}) so 2025年 splits in two.
const TOKEN = /[\u3400-\u9fff\uf900-\ufaff]+|(?:(?![\u3400-\u9fff\uf900-\ufaff])[\p{L}\p{N}])+/gu;

/** Very common single characters that say little on their own. */
const CJK_STOP = new Set('的了是在和与及或也就都而之其这那有为对把被让给从到个我你他她它们吗呢吧啊'.split(''));
const LATIN_STOP = new Set([
  'the',
  'a',
  'an',
  'of',
  'to',
  'in',
  'on',
  'and',
  'or',
  'is',
  'are',
  'was',
  'what',
  'which',
  'how',
  'does',
  'do',
  'for',
  'with',
  'by',
  'at',
  'it',
  'this',
  'that',
]);

export function tokenize(text: string): string[] {
  const terms: string[] = [];
  for (const match of text.normalize('NFKC').toLowerCase().matchAll(TOKEN)) {
    const run = match[0];
    if (CJK.test(run[0] ?? '')) {
      const chars = Array.from(run);
      for (let i = 0; i < chars.length; i++) {
        const c = chars[i]!;
        if (!CJK_STOP.has(c)) terms.push(c);
        if (i + 1 < chars.length) terms.push(c + chars[i + 1]);
      }
    } else if (!LATIN_STOP.has(run)) {
      terms.push(run);
    }
  }
  return terms;
}

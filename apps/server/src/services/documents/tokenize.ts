import { createRequire } from 'node:module';
import type { Jieba } from '@node-rs/jieba';
import { searchForm } from './normalize-text';

// CommonJS packages, required on the first cut: the dictionary module reads its whole word list
// when loaded, which start-up and servers that never read a document should not pay for.
const require = createRequire(import.meta.url);

/**
 * Terms for lexical retrieval, the same function at index time and at query time: Chinese is cut
 * into words by jieba in search mode (毛利率 also yields 毛利 and 利率, so a question worded
 * differently still meets the passage), Latin words and numbers are whole lowercase terms.
 * jieba's dictionary ships inside the package: nothing is downloaded.
 */

let segmenter: Jieba | undefined;

/** The dictionary costs some memory and a few hundred milliseconds: loaded on the first cut. */
function jieba(): Jieba {
  if (segmenter) return segmenter;
  const { Jieba: JiebaClass } = require('@node-rs/jieba') as typeof import('@node-rs/jieba');
  const { dict } = require('@node-rs/jieba/dict') as { dict: Uint8Array };
  return (segmenter = JiebaClass.withDict(dict));
}

const NOT_WORD = /[^\p{L}\p{N}]+/u;
/** Longer "words" are noise (a hash, a run of digits) and do not fit a lexeme comfortably. */
const MAX_TERM_CHARS = 64;

/** Very common words and question words that say little about a passage. */
const STOP = new Set([
  ...'的了是在和与及或也就都而之其这那有为对把被让给从到个我你他她它们吗呢吧啊'.split(''),
  '多少',
  '什么',
  '哪些',
  '哪个',
  '哪里',
  '如何',
  '怎么',
  '怎样',
  '为什么',
  '是否',
  '请问',
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
  // Questions and passages alike: radicals and compatibility forms meet their ordinary characters.
  const normalized = searchForm(text).toLowerCase();
  if (!/[\p{L}\p{N}]/u.test(normalized)) return [];
  // jieba keeps some punctuation on its tokens (42%): only letters and digits make terms.
  return jieba()
    .cutForSearch(normalized, true)
    .flatMap((t) => t.split(NOT_WORD))
    .filter((t) => t.length > 0 && t.length <= MAX_TERM_CHARS && !STOP.has(t));
}

import { Jieba, TfIdf } from '@node-rs/jieba';
import { dict, idf } from '@node-rs/jieba/dict.js';
import { NEGATIVE_WORDS, PLATFORM_WORDS, POSITIVE_WORDS } from './sentiment-lexicon';

/**
 * One jieba instance for the process, with jieba's own dictionary and IDF table (MIT) and a user
 * dictionary of platform, category and opinion words: without it 小红书 is cut into 小红/书 and
 * 不好用 into 不/好用. Brand and product names are added as they are saved.
 */
let jieba: Jieba | undefined;
let tfidf: TfIdf | undefined;
const known = new Set<string>();

/** Frequencies high enough that the user words win against jieba's own cuts. */
const PLATFORM_FREQ = 200_000;
const OPINION_FREQ = 20_000;

function instance(): Jieba {
  if (!jieba) {
    jieba = Jieba.withDict(dict);
    tfidf = TfIdf.withDict(idf);
    addWords(PLATFORM_WORDS.split(/\s+/), PLATFORM_FREQ);
    addWords([...POSITIVE_WORDS.keys(), ...NEGATIVE_WORDS.keys()], OPINION_FREQ);
  }
  return jieba;
}

/** Adds words to the user dictionary (names of brands and products; once each). */
export function addWords(list: Iterable<string>, freq = PLATFORM_FREQ): void {
  const fresh = [...list].map((w) => w.trim()).filter((w) => w.length > 1 && !/\s/.test(w) && !known.has(w));
  if (fresh.length === 0) return;
  for (const w of fresh) known.add(w);
  instance().loadDict(new TextEncoder().encode(fresh.map((w) => `${w} ${freq}`).join('\n')));
}

export function cut(text: string): string[] {
  return instance().cut(text, true);
}

/** TF-IDF keywords of a text against jieba's IDF table (nouns, verbs, adjectives, names). */
export function keywords(text: string, topK: number): { keyword: string; weight: number }[] {
  const j = instance();
  // setConfig of @node-rs/jieba 2 cannot take a stop-word set; they are dropped here instead.
  return tfidf!
    .extractKeywords(j, text, topK * 2)
    .filter((k) => k.keyword.length > 1 && !STOP_WORDS.has(k.keyword) && !/^[\d.]+$/.test(k.keyword))
    .slice(0, topK);
}

/** Words that are never keywords: function words and the platform's filler. */
const STOP_WORDS = new Set(
  `的 了 是 我 你 他 她 它 们 这 那 就 都 也 还 在 有 和 与 及 或 一个 一下 一些 这个 那个 什么 怎么 真的 感觉 觉得 然后 就是 但是 因为 所以
   可以 没有 自己 大家 今天 最近 时候 还是 已经 一直 非常 特别 比较 真的 其实 而且 不过 如果 虽然 还有 这种 那种 这样 那样 东西 姐妹 宝子 宝宝们
   姐妹们 小红书 笔记 分享 一下 哈哈 哈哈哈 啊啊啊 一次 两次 一点 有点 好像 应该 不是 知道`.split(/\s+/),
);

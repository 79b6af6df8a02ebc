/**
 * One written form for extracted text and for questions. Many PDFs (Chromium's print output among
 * them) map CJK glyphs to the Kangxi radicals (⼆ U+2F06 for 二) or to compatibility ideographs in
 * their text layer: the page looks right, but the text holds other characters, so neither the
 * browser's find, a copy-paste nor the lexical index meets 四百二十万 in it.
 *
 * - NFKC folds the Kangxi radicals (U+2F00–U+2FD5), the compatibility ideographs (U+F900–U+FAFF,
 *   U+2F800–), full-width letters and digits (ＡＢＣ１２３) and the like into their ordinary form.
 * - The CJK Radicals Supplement (U+2E80–U+2EFF) is not covered by NFKC: its characters are mapped
 *   by RADICAL_SUPPLEMENT, taken from the Unicode Character Database's
 *   EquivalentUnifiedIdeograph.txt (its 114 lines U+2E81–U+2EF3; U+2E80 and U+2E9A have no
 *   equivalent ideograph there and stay).
 * - Full-width punctuation (，：（）！？…) is the correct form in Chinese prose: stored text keeps it
 *   (NFKC would turn 营收（亿元）： into 营收(亿元):), while search terms never hold punctuation, so
 *   this changes no match. `searchForm` (for terms) folds everything.
 */

/** Pairs of a supplement radical and its unified ideograph (both as written; some ideographs lie beyond the BMP). */
const RADICAL_SUPPLEMENT_PAIRS =
  '⺁厂⺂乛⺃乚⺄乙⺅亻⺆冂⺇𠘨⺈刀⺉刂⺊卜⺋㔾⺌小⺍小⺎兀⺏尣⺐尢⺑𡯂⺒巳⺓幺⺔彑⺕彐⺖忄⺗心⺘扌⺙攵⺛旡⺜日⺝月⺞歺⺟母⺠民⺡氵⺢氺⺣灬⺤爫⺥爫⺦丬⺧牛⺨犭⺩王⺪𤴔⺫目⺬示⺭礻⺮𥫗⺯糹⺰纟⺱罓⺲罒⺳㓁⺴冗⺵𦉫⺶羊⺷𦍌⺸𦍋⺹耂⺺肀⺻聿⺼肉⺽𦥑⺾艹⺿艹⻀艹⻁虎⻂衤⻃覀⻄西⻅见⻆角⻇𧢲⻈讠⻉贝⻊𧾷⻋车⻌辶⻍辶⻎辶⻏邑⻐钅⻑長⻒镸⻓长⻔门⻕𨸏⻖阝⻗雨⻘青⻙韦⻚页⻛风⻜飞⻝食⻞𩙿⻟飠⻠饣⻡𩠐⻢马⻣骨⻤鬼⻥鱼⻦鸟⻧卤⻨麦⻩黄⻪黾⻫斉⻬齐⻭歯⻮齿⻯竜⻰龙⻱龜⻲亀⻳龟';

export const RADICAL_SUPPLEMENT: ReadonlyMap<string, string> = (() => {
  const chars = [...RADICAL_SUPPLEMENT_PAIRS];
  const map = new Map<string, string>();
  for (let i = 0; i + 1 < chars.length; i += 2) map.set(chars[i]!, chars[i + 1]!);
  return map;
})();

const SUPPLEMENT_RANGE = /[\u2E80-\u2EFF]/u;
const SUPPLEMENT_CHARS = /[\u2E80-\u2EFF]/gu;
/** Full-width ASCII punctuation (not letters or digits), kept as written in stored text. */
const FULLWIDTH_PUNCTUATION = /^[\uFF01-\uFF0F\uFF1A-\uFF20\uFF3B-\uFF40\uFF5B-\uFF5E]$/u;
/** A character with the combining marks after it: NFKC composes within such a cluster, never across. */
const CLUSTER = /\P{M}\p{M}*|\p{M}+/gu;

const mapSupplement = (text: string) =>
  SUPPLEMENT_RANGE.test(text) ? text.replace(SUPPLEMENT_CHARS, (c) => RADICAL_SUPPLEMENT.get(c) ?? c) : text;

/** The cluster as stored: NFKC and the supplement table, full-width punctuation kept. */
function storedCluster(cluster: string): string {
  if (FULLWIDTH_PUNCTUATION.test(cluster)) return cluster;
  return mapSupplement(cluster.normalize('NFKC'));
}

const FULLWIDTH_PUNCTUATION_RUNS = /[\uFF01-\uFF0F\uFF1A-\uFF20\uFF3B-\uFF40\uFF5B-\uFF5E]+/gu;

/** Whether the text is already in stored form (the common case costs one NFKC pass). */
function isStoredForm(text: string): boolean {
  if (SUPPLEMENT_RANGE.test(text)) return false;
  const rest = text.replace(FULLWIDTH_PUNCTUATION_RUNS, ' ');
  return rest.normalize('NFKC') === rest;
}

/**
 * One pass over the clusters, with where each offset of the input lands in the output. A second
 * pass is rarely needed (a half-width voiced mark folds to a combining mark that joins the
 * character before it only then); passes repeat until the text stays the same, so the result is
 * idempotent.
 */
function onePass(text: string): { text: string; moved: Int32Array } {
  const moved = new Int32Array(text.length + 1);
  let out = '';
  for (const match of text.matchAll(CLUSTER)) {
    const from = match.index;
    for (let i = from; i < from + match[0].length; i++) moved[i] = out.length;
    out += storedCluster(match[0]);
  }
  moved[text.length] = out.length;
  return { text: out, moved };
}

const MAX_PASSES = 3;

/**
 * The normalised text and where each offset of the original lands in it (NFKC may change a
 * character's length: ㎡ becomes m2), so that boxes given by character offsets still cover their
 * characters. An offset inside a cluster lands at the cluster's start.
 */
export function normalizeWithOffsets(text: string): { text: string; offset: (at: number) => number } {
  const maps: Int32Array[] = [];
  let current = text;
  for (let pass = 0; pass < MAX_PASSES && !isStoredForm(current); pass++) {
    const next = onePass(current);
    if (next.text === current) break;
    maps.push(next.moved);
    current = next.text;
  }
  return {
    text: current,
    offset: (at) => maps.reduce((o, moved) => moved[Math.max(0, Math.min(moved.length - 1, o))]!, at),
  };
}

/** Text as stored and shown: see the file's comment. Idempotent. */
export function normalizeText(text: string): string {
  return isStoredForm(text) ? text : normalizeWithOffsets(text).text;
}

/** Text as cut into search terms: full NFKC (punctuation too) and the supplement table. */
export function searchForm(text: string): string {
  return mapSupplement(text.normalize('NFKC'));
}

/**
 * The fixed frame of a marketing case analysis, without zod so the browser can use it (section
 * headings, parsing a finished answer) without pulling the schemas in.
 */

/** The nine sections, in the order every analysis is written and compared. */
export const MARKETING_SECTIONS = [
  { key: 'background', title: '背景', aliases: ['案例背景', '项目背景', '活动背景', '品牌背景'] },
  { key: 'objective', title: '目标', aliases: ['营销目标', '活动目标', '传播目标', '目的'] },
  { key: 'audience', title: '受众', aliases: ['目标受众', '目标人群', '人群', '受众画像'] },
  { key: 'insight', title: '洞察', aliases: ['消费者洞察', '用户洞察', '核心洞察'] },
  { key: 'strategy', title: '策略', aliases: ['营销策略', '传播策略', '核心策略'] },
  { key: 'creative', title: '创意', aliases: ['创意表现', '创意执行', '核心创意'] },
  { key: 'channels', title: '渠道', aliases: ['传播渠道', '媒介渠道', '渠道与媒介', '媒介'] },
  {
    key: 'results',
    title: '效果与数据',
    aliases: ['效果', '数据', '效果和数据', '结果与数据', '效果数据', '效果与指标', '结果'],
  },
  { key: 'takeaways', title: '可借鉴之处', aliases: ['借鉴', '可借鉴点', '借鉴之处', '启示', '借鉴与启示'] },
] as const;

export type MarketingSectionKey = (typeof MARKETING_SECTIONS)[number]['key'];
export const MARKETING_SECTION_KEYS = MARKETING_SECTIONS.map((s) => s.key) as MarketingSectionKey[];

/** The analysis as structure: one markdown text per section ('' when the answer lacks it). */
export type MarketingSections = Record<MarketingSectionKey, string>;

export function emptyMarketingSections(): MarketingSections {
  return Object.fromEntries(MARKETING_SECTION_KEYS.map((k) => [k, ''])) as MarketingSections;
}

/** The section a heading names, ignoring numbering ("一、", "3."), emphasis, colons and English glosses. */
export function sectionOfHeading(heading: string): MarketingSectionKey | undefined {
  const name = heading
    .replace(/[*_`]/g, '')
    .replace(/[（(][^）)]*[）)]/g, '')
    .replace(/^\s*(?:第?[\d一二三四五六七八九十]+(?:[.、．:：)）章]|部分)?\s*)/, '')
    .replace(/[:：\s]+$/g, '')
    .trim();
  for (const section of MARKETING_SECTIONS) {
    if (name === section.title || (section.aliases as readonly string[]).includes(name)) return section.key;
  }
  return undefined;
}

const HEADING = /^ {0,3}(#{1,6})\s+(.+?)\s*#*\s*$/;

/**
 * Splits a finished answer into the frame's sections: a heading that names a section starts it;
 * any other heading stays inside the current section's text. Text before the first section (a
 * demo notice, a preamble) belongs to none. Returns the sections and how many were found.
 */
export function parseMarketingAnalysis(markdown: string): { sections: MarketingSections; found: number } {
  const sections = emptyMarketingSections();
  const seen = new Set<MarketingSectionKey>();
  let current: MarketingSectionKey | undefined;
  const lines: Record<string, string[]> = {};
  let fenced = false;
  for (const line of markdown.split(/\r?\n/)) {
    if (/^ {0,3}(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : HEADING.exec(line);
    const key = heading ? sectionOfHeading(heading[2]!) : undefined;
    // A repeated heading (the model restating a section) keeps adding to the first one.
    if (key) {
      current = key;
      seen.add(key);
      continue;
    }
    if (current) (lines[current] ??= []).push(line);
  }
  for (const key of seen) sections[key] = (lines[key] ?? []).join('\n').trim();
  return { sections, found: seen.size };
}

/** How the demo analysis (and the prompt's instruction to a model) opens a section the description does not cover. */
export const MARKETING_NOT_COVERED_PREFIX = '描述中没有';

/** A section with something to say: not empty and not a note that the description lacks it. */
export function isCoveredSection(text: string): boolean {
  const plain = text.replace(/^[\s>*_-]+/, '');
  return plain.length > 0 && !plain.startsWith(MARKETING_NOT_COVERED_PREFIX);
}

/** The sections a saved case is previewed by, best first. */
const PREVIEW_ORDER: readonly MarketingSectionKey[] = ['insight', 'strategy', 'takeaways', 'creative', 'background'];

/** A saved case's preview: its insight when the analysis has one, else the next section that says something. */
export function marketingPreviewOf(sections: MarketingSections, content: string): string {
  for (const key of PREVIEW_ORDER) if (isCoveredSection(sections[key])) return sections[key];
  return content;
}

/** Clause ends where a title may stop without cutting a phrase in half. */
const CLAUSE_END = /[，。！？；：,.!?;:\n]/;
const OPEN_QUOTES = '“‘《「『（(【';
const CLOSE_QUOTES = '”’》」』）)】';

/**
 * A short title from a description: whole clauses up to `max` characters ("瑞幸咖啡与茅台联名推出
 * “酱香拿铁”", not "…“酱香拿铁”，20"); a first clause longer than `max` is cut before a quoted
 * phrase it would split, and ends with "…".
 */
export function headlineOf(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  let title = '';
  let clause = '';
  for (const c of chars) {
    if (CLAUSE_END.test(c)) {
      const candidate = title + (title ? '，' : '') + clause.trim();
      if (Array.from(candidate).length > max) break;
      title = candidate;
      clause = '';
      // One clause is enough once it reads as a title.
      if (Array.from(title).length >= 8) break;
      continue;
    }
    clause += c;
  }
  const tail = clause.trim();
  if (title && tail && Array.from(title).length < 8 && Array.from(`${title}，${tail}`).length <= max)
    title = `${title}，${tail}`;
  if (!title) {
    const rest = clause.trim();
    if (Array.from(rest).length <= max && chars.length <= max) return rest;
    const first = Array.from((flat.split(CLAUSE_END)[0] ?? flat).trim());
    if (first.length <= max) return first.join('');
    let cut = first.slice(0, max - 1);
    // Never leave a quotation open: stop before the unmatched opening mark.
    let depth = 0;
    let lastOpen = -1;
    cut.forEach((c, i) => {
      if (OPEN_QUOTES.includes(c)) {
        if (depth === 0) lastOpen = i;
        depth++;
      } else if (CLOSE_QUOTES.includes(c) && depth > 0) depth--;
    });
    if (depth > 0 && lastOpen > 0) cut = cut.slice(0, lastOpen);
    return `${cut.join('').trim()}…`;
  }
  return title;
}

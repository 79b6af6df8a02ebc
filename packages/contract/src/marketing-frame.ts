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

import {
  BRIEF_SECTIONS,
  briefOriginLabels,
  briefSectionLabels,
  type BriefSection,
  type DocCitation,
  type IndustryBrief,
} from '@portal/contract';
import type { FileScopedRetrieval, RetrievedChunk } from '../../services/documents';
import { excerpt, pageOf } from './prompts';
import { citationOf } from './ask-service';

/** What each brief section searches the reports for (Chinese and English report wording). */
export const SECTION_QUERIES: Record<BriefSection, string> = {
  market: '市场规模 增长 增速 亿元 同比 复合增长率 market size growth CAGR billion revenue',
  segments: '细分 品类 渠道 结构 占比 segment category channel share',
  players: '企业 品牌 公司 龙头 竞争格局 市场份额 players brand company leading market share',
  trends: '趋势 未来 预计 机会 发展 trend future forecast opportunity',
  risks: '风险 挑战 压力 下滑 不确定 risk challenge pressure decline',
};
const PER_SECTION = 3;

/** Sentences that carry a figure are preferred: a brief is about numbers with their source. */
export function bestSentence(text: string, query: string): string {
  const split = text
    .split(/(?<=[。！？；;!?])|(?<=\.)\s+|\n/)
    .map((s) => s.trim())
    .filter((s) => s.length > 4);
  // A heading ("Risks.", "风险") says nothing: keep sentences long enough to carry a fact.
  const long = split.filter((s) => s.length >= 12);
  const sentences = long.length > 0 ? long : split;
  const terms = query.split(' ');
  const score = (s: string) =>
    (/\d/.test(s) ? 2 : 0) + terms.reduce((n, t) => n + (s.toLowerCase().includes(t.toLowerCase()) ? 1 : 0), 0);
  const best = [...sentences].sort((a, b) => score(b) - score(a))[0];
  return excerpt(best ?? text, 180);
}

/** The passages each brief section rests on, numbered once across sections as the brief's citations. */
export interface BriefSlices {
  sections: { key: BriefSection; found: RetrievedChunk[] }[];
  citations: DocCitation[];
}

/** Retrieves, for each section of the brief, the passages of the chosen reports that speak to it. */
export async function briefSlices(
  retrieval: FileScopedRetrieval,
  fileIds: readonly string[],
  titles: ReadonlyMap<string, string>,
): Promise<BriefSlices> {
  const citations: DocCitation[] = [];
  const sections: BriefSlices['sections'] = [];
  for (const key of BRIEF_SECTIONS) {
    const found = await retrieval.search(fileIds, SECTION_QUERIES[key], PER_SECTION);
    for (const r of found) {
      if (citations.some((c) => c.chunk_id === String(r.chunk.id))) continue;
      citations.push(citationOf(r, citations.length + 1, titles));
    }
    sections.push({ key, found });
  }
  return { sections, citations };
}

/** The citation number of a retrieved passage among the brief's citations. */
export function citationIndex(slices: BriefSlices, r: RetrievedChunk): number {
  return slices.citations.find((c) => c.chunk_id === String(r.chunk.id))!.index;
}

/**
 * The extractive brief: for each section, the sentence of each passage that best speaks to it,
 * with its numbered citation. Every figure is the report's own; it stands in when the model fails
 * and gives the demo model its content.
 */
export function extractBrief(slices: BriefSlices): IndustryBrief {
  return {
    sections: slices.sections.map(({ key, found }) => ({
      key,
      title: briefSectionLabels[key],
      items: found.map((r) => ({
        text: bestSentence(r.chunk.text, SECTION_QUERIES[key]),
        citations: [citationIndex(slices, r)],
      })),
    })),
  };
}

/** The brief as Markdown with [n] markers and its sources listed. */
export function renderBrief(brief: IndustryBrief, citations: readonly DocCitation[]): string {
  const lines = ['# 行业简报', '', `> ${briefOriginLabels[brief.origin ?? 'extract']}`, ''];
  for (const s of brief.sections) {
    lines.push(`## ${s.title}`, '');
    if (s.items.length === 0) lines.push('- 所选报告中没有找到相关内容。');
    for (const item of s.items) lines.push(`- ${item.text} ${item.citations.map((n) => `[${n}]`).join('')}`);
    lines.push('');
  }
  if (citations.length > 0) lines.push(sourcesMarkdown(citations));
  return lines.join('\n').trim();
}

export function sourcesMarkdown(citations: readonly DocCitation[]): string {
  return [
    '## 出处',
    '',
    ...citations.map((c) => `[${c.index}] 《${c.file_name}》${pageOf(c)}：${excerpt(c.quote, 120)}`),
  ].join('\n');
}

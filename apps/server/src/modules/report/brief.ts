import {
  BRIEF_SECTIONS,
  briefSectionLabels,
  type BriefSection,
  type DocCitation,
  type IndustryBrief,
} from '@portal/contract';
import type { FileScopedRetrieval, RetrievedChunk } from '../../services/documents';
import { excerpt, pageOf } from './prompts';

/** What each brief section searches the reports for (Chinese and English report wording). */
const SECTION_QUERIES: Record<BriefSection, string> = {
  market: '市场规模 增长 增速 亿元 同比 复合增长率 market size growth CAGR billion revenue',
  segments: '细分 品类 渠道 结构 占比 segment category channel share',
  players: '企业 品牌 公司 龙头 竞争格局 市场份额 players brand company leading market share',
  trends: '趋势 未来 预计 机会 发展 trend future forecast opportunity',
  risks: '风险 挑战 压力 下滑 不确定 risk challenge pressure decline',
};
const PER_SECTION = 3;

/** Sentences that carry a figure are preferred: a brief is about numbers with their source. */
function bestSentence(text: string, query: string): string {
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

/**
 * The one-click industry brief: for each section the passages of the chosen reports that speak to
 * it, each item quoting the report with its numbered citation. Extractive on purpose — every
 * figure is the report's own, never a model's guess.
 */
export async function buildBrief(
  retrieval: FileScopedRetrieval,
  fileIds: readonly string[],
  titles: ReadonlyMap<string, string>,
): Promise<{ brief: IndustryBrief; citations: DocCitation[] }> {
  const citations: DocCitation[] = [];
  const indexOf = (r: RetrievedChunk): number => {
    const id = String(r.chunk.id);
    const known = citations.find((c) => c.chunk_id === id);
    if (known) return known.index;
    citations.push({
      index: citations.length + 1,
      file_id: r.chunk.fileId,
      file_name: titles.get(r.chunk.fileId) ?? r.fileName,
      page: r.chunk.page,
      row: r.chunk.row,
      quote: r.chunk.text,
      chunk_id: id,
    });
    return citations.length;
  };
  const sections: IndustryBrief['sections'] = [];
  for (const key of BRIEF_SECTIONS) {
    const found = await retrieval.search(fileIds, SECTION_QUERIES[key], PER_SECTION);
    sections.push({
      key,
      title: briefSectionLabels[key],
      items: found.map((r) => ({ text: bestSentence(r.chunk.text, SECTION_QUERIES[key]), citations: [indexOf(r)] })),
    });
  }
  return { brief: { sections }, citations };
}

/** The brief as Markdown with [n] markers and its sources listed. */
export function renderBrief(brief: IndustryBrief, citations: readonly DocCitation[]): string {
  const lines = ['# 行业简报', '', '> 摘录式简报：每条内容均摘自所选报告原文，方括号为出处编号。', ''];
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

/** Side by side: for each section, the best passage of each report. */
export async function compareReports(
  retrieval: FileScopedRetrieval,
  left: { fileId: string; title: string },
  right: { fileId: string; title: string },
) {
  const side = async (fileId: string, title: string, key: BriefSection) => {
    const [top] = await retrieval.search([fileId], SECTION_QUERIES[key], 1);
    if (!top) return { text: '该报告中没有找到相关内容。', citation: null };
    const citation: DocCitation = {
      index: 1,
      file_id: fileId,
      file_name: title,
      page: top.chunk.page,
      row: top.chunk.row,
      quote: top.chunk.text,
      chunk_id: String(top.chunk.id),
    };
    return { text: bestSentence(top.chunk.text, SECTION_QUERIES[key]), citation };
  };
  const rows = [];
  for (const key of BRIEF_SECTIONS) {
    rows.push({
      key,
      title: briefSectionLabels[key],
      left: await side(left.fileId, left.title, key),
      right: await side(right.fileId, right.title, key),
    });
  }
  return rows;
}

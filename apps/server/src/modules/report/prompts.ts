import type { DocCitation } from '@portal/contract';

/** The report answers' prompt and the labelled demo reply when no model is configured. */

const PASSAGE_MAX_CHARS = 800;
export const NOT_COVERED = '所选报告中没有找到与该问题相关的内容。';
export const DEMO_LABEL = '【演示回答】当前未配置模型，以下内容直接摘自所选报告中检索到的片段，并非模型生成。';

export function pageOf(c: Pick<DocCitation, 'page'>): string {
  return c.page !== null ? `第${c.page}页` : '';
}

/** The numbered passages as the model reads them. */
export function passages(citations: readonly DocCitation[]): string {
  return citations
    .map((c) => `[${c.index}]《${c.file_name}》${pageOf(c)}：${c.quote.slice(0, PASSAGE_MAX_CHARS)}`)
    .join('\n\n');
}

export function askSystem(citations: readonly DocCitation[]): string {
  const lines = [
    '你是消费品行业的资深行业分析师，帮助员工阅读行业分析报告。',
    '用简体中文回答，使用 Markdown。只能根据下面编号的报告片段回答，不要使用片段以外的知识，不要编造数字。',
    '每个论断和数字后用方括号标注片段编号，例如 [1] 或 [2][3]。',
    `如果片段不足以回答问题，直接说明“${NOT_COVERED}”。`,
  ];
  if (citations.length > 0) lines.push('', '报告片段：', passages(citations));
  else lines.push('', `没有检索到相关片段：请只回答“${NOT_COVERED}”。`);
  return lines.join('\n');
}

/** First sentences of a slice, for extractive texts. */
export function excerpt(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const end = Math.max(cut.lastIndexOf('。'), cut.lastIndexOf('. '), cut.lastIndexOf('；'));
  return `${end > max / 2 ? cut.slice(0, end + 1) : cut}…`;
}

/** The demo reply: honest about being no model, built only from the retrieved slices. */
export function demoAnswer(question: string, citations: readonly DocCitation[]): string {
  if (citations.length === 0) return `${DEMO_LABEL}\n\n${NOT_COVERED}`;
  const lines = [DEMO_LABEL, '', `与“${question.slice(0, 60)}”最相关的报告内容：`, ''];
  for (const c of citations.slice(0, 4))
    lines.push(`- 《${c.file_name}》${pageOf(c)}：${excerpt(c.quote)} [${c.index}]`);
  return lines.join('\n');
}

import { BRIEF_SECTIONS, briefSectionLabels, type DocCitation, type IndustryBrief } from '@portal/contract';
import { passages } from './prompts';

/** The brief's prompts: a fixed Markdown frame the server can check, and the demo model's reply in it. */

/** What a section the passages do not cover says (parsed as a section without items). */
export const NOT_IN_REPORTS = '所选报告未涉及';
export const BRIEF_QUESTION = '生成行业简报';
/** Points per section the model is asked for. */
const MAX_ITEMS = 5;

export function briefSystem(citations: readonly DocCitation[]): string {
  return [
    '你是消费品行业的资深行业分析师，根据行业分析报告的片段为员工撰写结构化的行业简报。',
    '只能使用下面编号的报告片段中的信息，不要使用片段以外的知识，不要编造或推算数字。',
    '严格按以下格式输出 Markdown：依次使用下面五个二级标题（## 标题），标题文字不要改动、不要加编号，不要输出其他标题、前言或结语：',
    ...BRIEF_SECTIONS.map((key) => `## ${briefSectionLabels[key]}`),
    `每个标题下用“- ”开头列出 1 到 ${MAX_ITEMS} 条要点，尽量写出具体数字（规模、增速、份额等）；`,
    '每条要点末尾用方括号标注所依据的片段编号，例如 [1] 或 [2][3]，编号只能取自下面的片段。',
    `片段没有涉及的部分只写一行“- ${NOT_IN_REPORTS}”。`,
    '',
    '报告片段：',
    passages(citations),
  ].join('\n');
}

/** The user turn; after a malformed reply it says what was wrong. */
export function briefRequest(problem?: string): string {
  if (!problem) return '请根据所选报告生成行业简报。';
  return `上一次的回复不符合格式要求：${problem}。请严格按规定的五个二级标题和“- 要点 [编号]”格式重新撰写行业简报。`;
}

const DEMO_NOTICE =
  '> **演示模型**：管理员尚未接入模型服务，以下简报由内置的演示模型从所选报告检索到的片段中摘取整理，并非模型撰写；方括号为真实出处编号。';

/** The demo model's brief: the extractive items written in the model's frame, with their real citations. */
export function demoBrief(extract: IndustryBrief): string {
  const lines = [DEMO_NOTICE, ''];
  for (const section of extract.sections) {
    lines.push(`## ${section.title}`);
    if (section.items.length === 0) lines.push(`- ${NOT_IN_REPORTS}`);
    for (const item of section.items) lines.push(`- ${item.text} ${item.citations.map((n) => `[${n}]`).join('')}`);
    lines.push('');
  }
  return lines.join('\n').trimEnd();
}

import { BRIEF_SECTIONS, briefSectionLabels, type DocCitation, type ReportComparison } from '@portal/contract';
import { NOT_IN_REPORTS } from './brief-prompts';
import type { CompareSide } from './compare';
import { passages } from './prompts';

/** The comparison's prompts: a fixed Markdown frame the server can check, and the demo model's reply in it. */

export const SIDE_LABELS = ['报告A', '报告B'] as const;
export const DIFFERENCE_LABEL = '差异';

export function compareQuestion(sides: readonly CompareSide[]): string {
  return `对比报告：《${sides[0]!.title}》与《${sides[1]!.title}》`;
}

export function compareSystem(sides: readonly CompareSide[], citations: readonly DocCitation[]): string {
  return [
    '你是消费品行业的资深行业分析师，把两份行业分析报告逐项对比（例如同一系列的两个年度）。',
    `${SIDE_LABELS[0]}是《${sides[0]!.title}》，${SIDE_LABELS[1]}是《${sides[1]!.title}》。每个片段都注明了出自哪份报告。`,
    '只能使用下面编号的报告片段中的信息，不要编造或推算数字。',
    '严格按以下格式输出 Markdown：依次使用下面五个二级标题（## 标题），标题文字不要改动、不要加编号，不要输出其他标题、前言或结语：',
    ...BRIEF_SECTIONS.map((key) => `## ${briefSectionLabels[key]}`),
    '每个标题下恰好三行：',
    `- ${SIDE_LABELS[0]}：该报告在这一项的要点（尽量写出数字） [编号]`,
    `- ${SIDE_LABELS[1]}：该报告在这一项的要点（尽量写出数字） [编号]`,
    `- ${DIFFERENCE_LABEL}：两份报告的变化或不同（一句话，不需要编号）`,
    `编号只能取自对应报告的片段；某份报告没有涉及的写“${NOT_IN_REPORTS}”，不标编号。`,
    '',
    '报告片段：',
    passages(citations),
  ].join('\n');
}

export function compareRequest(problem?: string): string {
  if (!problem) return '请对比这两份报告。';
  return `上一次的回复不符合格式要求：${problem}。请严格按规定的五个二级标题，每个标题下“${SIDE_LABELS[0]}”“${SIDE_LABELS[1]}”“${DIFFERENCE_LABEL}”三行的格式重新撰写。`;
}

const DEMO_NOTICE =
  '> **演示模型**：管理员尚未接入模型服务，以下对比由内置的演示模型从两份报告检索到的片段中摘取整理，并非模型撰写；方括号为真实出处编号。';

/** The demo model's comparison: the extractive sides in the model's frame, with their real citations. */
export function demoComparison(extract: ReportComparison): string {
  const side = (s: { text: string; citations: number[] }) =>
    s.text ? `${s.text} ${s.citations.map((n) => `[${n}]`).join('')}` : NOT_IN_REPORTS;
  const lines = [DEMO_NOTICE, ''];
  for (const row of extract.rows) {
    lines.push(
      `## ${row.title}`,
      `- ${SIDE_LABELS[0]}：${side(row.left)}`,
      `- ${SIDE_LABELS[1]}：${side(row.right)}`,
      `- ${DIFFERENCE_LABEL}：演示模型不撰写差异分析，请对照两侧原文。`,
      '',
    );
  }
  return lines.join('\n').trimEnd();
}

import type { ReportMessageRow } from '../../db/schema';
import { renderBrief, sourcesMarkdown } from './brief';
import { renderComparison } from './compare';

/** An answer or a brief as Markdown, its citations listed as 出处 at the end. */
export function exportMarkdown(question: string, answer: ReportMessageRow): string {
  if (answer.kind === 'brief' && answer.brief) return renderBrief(answer.brief, answer.citations);
  if (answer.kind === 'compare' && answer.comparison) return renderComparison(answer.comparison, answer.citations);
  const parts = [`# ${question || '报告问答'}`, '', answer.content.trim()];
  if (answer.citations.length > 0) parts.push('', sourcesMarkdown(answer.citations));
  return parts.join('\n');
}

/** The same Markdown as a Word document; the `docx` library loads with the first export, not at start-up. */
export async function exportDocx(markdown: string): Promise<Buffer> {
  const { markdownToDocx } = await import('./export-docx');
  return markdownToDocx(markdown);
}

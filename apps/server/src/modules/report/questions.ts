import { topTerms, type FileScopedRetrieval } from '../../services/documents';
import type { VisibleReport } from './library';

/**
 * Suggested questions for the chosen reports: the reports' telling terms put into the questions an
 * analyst asks first, plus the standard ones. Terms come from the reports, so they fit them.
 */
export async function suggestQuestions(retrieval: FileScopedRetrieval, chosen: readonly VisibleReport[]) {
  const ready = chosen.filter((c) => c.doc?.status === 'ready');
  const list: string[] = [];
  if (ready.length > 0) {
    const chunks = await retrieval.chunks(
      ready.map((c) => c.report.fileId),
      400,
    );
    const terms = topTerms(
      chunks.map((c) => ({ text: c.chunk.text })),
      3,
    );
    if (terms[0]) list.push(`报告中关于“${terms[0]}”的主要结论是什么？`);
    if (terms[1]) list.push(`“${terms[1]}”的规模和增长情况如何？`);
    if (terms[2]) list.push(`报告如何看待“${terms[2]}”的未来趋势？`);
  }
  list.push('市场规模和增速是多少？', '主要的竞争企业有哪些？', '报告提到了哪些风险？');
  if (ready.length > 1) list.push('几份报告的核心观点有什么异同？');
  return [...new Set(list)].slice(0, 6);
}

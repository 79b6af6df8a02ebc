import {
  BRIEF_SECTIONS,
  briefOriginLabels,
  briefSectionLabels,
  type BriefSection,
  type DocCitation,
  type ReportComparison,
} from '@portal/contract';
import type { FileScopedRetrieval, RetrievedChunk } from '../../services/documents';
import { bestSentence, SECTION_QUERIES, sourcesMarkdown } from './brief';

/** Passages per report and section a comparison rests on. */
const PER_SIDE = 2;

export interface CompareSide {
  reportId: string;
  fileId: string;
  title: string;
}

/** The passages of each report per section, numbered once as the comparison's citations. */
export interface CompareSlices {
  sides: [CompareSide, CompareSide];
  rows: { key: BriefSection; left: RetrievedChunk[]; right: RetrievedChunk[] }[];
  citations: DocCitation[];
  /** Which report each citation number belongs to (0 left, 1 right). */
  sideOf: Map<number, 0 | 1>;
}

export async function compareSlices(
  retrieval: FileScopedRetrieval,
  sides: [CompareSide, CompareSide],
): Promise<CompareSlices> {
  const citations: DocCitation[] = [];
  const sideOf = new Map<number, 0 | 1>();
  const cite = (found: RetrievedChunk[], side: 0 | 1) => {
    for (const r of found) {
      if (citations.some((c) => c.chunk_id === String(r.chunk.id))) continue;
      citations.push({
        index: citations.length + 1,
        file_id: r.chunk.fileId,
        file_name: sides[side].title,
        page: r.chunk.page,
        row: r.chunk.row,
        quote: r.chunk.text,
        chunk_id: String(r.chunk.id),
      });
      sideOf.set(citations.length, side);
    }
    return found;
  };
  const rows: CompareSlices['rows'] = [];
  for (const key of BRIEF_SECTIONS) {
    const left = cite(await retrieval.search([sides[0].fileId], SECTION_QUERIES[key], PER_SIDE), 0);
    const right = cite(await retrieval.search([sides[1].fileId], SECTION_QUERIES[key], PER_SIDE), 1);
    rows.push({ key, left, right });
  }
  return { sides, rows, citations, sideOf };
}

/** The extractive comparison: for each section, the best sentence of each report's best passage. */
export function extractComparison(slices: CompareSlices): ReportComparison {
  const side = (found: RetrievedChunk[], key: BriefSection) => {
    const top = found[0];
    if (!top) return { text: '', citations: [] };
    const index = slices.citations.find((c) => c.chunk_id === String(top.chunk.id))!.index;
    return { text: bestSentence(top.chunk.text, SECTION_QUERIES[key]), citations: [index] };
  };
  return {
    origin: 'extract',
    reports: [
      { report_id: slices.sides[0].reportId, title: slices.sides[0].title },
      { report_id: slices.sides[1].reportId, title: slices.sides[1].title },
    ],
    rows: slices.rows.map((row) => ({
      key: row.key,
      title: briefSectionLabels[row.key],
      left: side(row.left, row.key),
      right: side(row.right, row.key),
      difference: '',
    })),
  };
}

const NOT_COVERED = '该报告中没有找到相关内容。';

/** The comparison as Markdown with [n] markers and its sources listed (export, fallback text). */
export function renderComparison(comparison: ReportComparison, citations: readonly DocCitation[]): string {
  const [a, b] = comparison.reports;
  const marks = (ns: readonly number[]) => ns.map((n) => `[${n}]`).join('');
  const lines = [`# 报告对比：《${a.title}》与《${b.title}》`, '', `> ${briefOriginLabels[comparison.origin]}`, ''];
  for (const row of comparison.rows) {
    lines.push(`## ${row.title}`, '');
    lines.push(`- 《${a.title}》：${row.left.text || NOT_COVERED} ${marks(row.left.citations)}`.trimEnd());
    lines.push(`- 《${b.title}》：${row.right.text || NOT_COVERED} ${marks(row.right.citations)}`.trimEnd());
    if (row.difference) lines.push(`- 差异：${row.difference}`);
    lines.push('');
  }
  if (citations.length > 0) lines.push(sourcesMarkdown(citations));
  return lines.join('\n').trim();
}

import { BRIEF_SECTIONS, briefSectionLabels, type BriefSection, type ReportComparison } from '@portal/contract';
import { z } from 'zod';
import { NOT_IN_REPORTS } from './brief-prompts';
import { walkSections } from './brief-parse';
import { DIFFERENCE_LABEL, SIDE_LABELS } from './compare-prompts';
import type { Checked } from './structured-writer';

const TEXT_MAX_CHARS = 600;
const MARKER = /\[(\d{1,3})\]/g;

type Row = ReportComparison['rows'][number];

/** A side cites only its own report's passages; a side the report does not cover cites nothing. */
function rowsSchema(sideOf: ReadonlyMap<number, 0 | 1>) {
  const side = (which: 0 | 1) =>
    z
      .object({ text: z.string().max(TEXT_MAX_CHARS, `内容超过 ${TEXT_MAX_CHARS} 字`), citations: z.array(z.number()) })
      .refine((s) => s.citations.every((n) => sideOf.get(n) === which), `${SIDE_LABELS[which]}引用了不属于它的片段编号`)
      .refine((s) => s.text === '' || s.citations.length > 0, `${SIDE_LABELS[which]}的要点没有标注片段编号`);
  return z
    .array(
      z.object({
        key: z.enum(BRIEF_SECTIONS),
        title: z.string(),
        left: side(0),
        right: side(1),
        difference: z.string().max(TEXT_MAX_CHARS),
      }),
    )
    .refine((rows) => rows.map((r) => r.key).join() === BRIEF_SECTIONS.join(), '五个二级标题缺失或顺序不对')
    .refine((rows) => rows.some((r) => r.left.text || r.right.text), '没有任何对比内容');
}

function sideOfLine(body: string): { text: string; citations: number[] } {
  const citations = [...new Set([...body.matchAll(MARKER)].map((m) => Number(m[1])))];
  const text = body.replace(MARKER, '').trim();
  return text.replace(/[。.]$/, '') === NOT_IN_REPORTS && citations.length === 0
    ? { text: '', citations }
    : { text, citations };
}

/**
 * Reads the model's comparison: `## 标题` opens a section, `报告A：`, `报告B：` and `差异：` lines fill
 * it. Anything before the first heading (a label) is ignored; an unknown heading or line, a side
 * citing the other report or a missing section makes the reply malformed.
 */
export function parseComparison(markdown: string, sideOf: ReadonlyMap<number, 0 | 1>): Checked<Row[]> {
  type Draft = { key: BriefSection; title: string; left?: Row['left']; right?: Row['right']; difference: string };
  const walked = walkSections<Draft>(
    markdown,
    (key) => ({ key, title: briefSectionLabels[key], difference: '' }),
    (current, line) => {
      const labelled = /^(?:[-*+]\s*)?(?:\*\*)?(报告A|报告B|差异)(?:\*\*)?\s*[：:](?:\*\*)?\s*(.*)$/.exec(line);
      if (!labelled) return `“${line.slice(0, 20)}”不是规定的三行之一`;
      const [, label, body] = labelled;
      if (label === SIDE_LABELS[0]) current.left = sideOfLine(body!);
      else if (label === SIDE_LABELS[1]) current.right = sideOfLine(body!);
      else if (label === DIFFERENCE_LABEL) current.difference = body!.replace(MARKER, '').trim();
      return undefined;
    },
  );
  if ('problem' in walked) return { ok: false, problem: walked.problem };
  const rows = walked.sections;
  const missing = rows.find((r) => !r.left || !r.right);
  if (missing) return { ok: false, problem: `“${missing.title}”缺少${missing.left ? SIDE_LABELS[1] : SIDE_LABELS[0]}` };
  const checked = rowsSchema(sideOf).safeParse(rows);
  if (!checked.success) return { ok: false, problem: checked.error.issues[0]?.message ?? '格式不对' };
  return { ok: true, value: checked.data };
}

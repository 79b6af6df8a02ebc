import { BRIEF_SECTIONS, briefSectionLabels, type BriefSection, type IndustryBrief } from '@portal/contract';
import { z } from 'zod';
import { NOT_IN_REPORTS } from './brief-prompts';
import type { Checked } from './structured-writer';

const ITEM_MAX_CHARS = 600;
const MARKER = /\[(\d{1,3})\]/g;

/** A model brief as the server accepts it: the five sections in order, every point citing real passages. */
function modelBriefSchema(citationCount: number) {
  const item = z.object({
    text: z.string().min(1, '要点为空').max(ITEM_MAX_CHARS, `要点超过 ${ITEM_MAX_CHARS} 字`),
    citations: z
      .array(z.number().int().min(1).max(citationCount, '引用了不存在的片段编号'))
      .min(1, '有要点没有标注片段编号'),
  });
  return z
    .array(z.object({ key: z.enum(BRIEF_SECTIONS), title: z.string(), items: z.array(item).max(12, '要点过多') }))
    .refine((sections) => sections.map((s) => s.key).join() === BRIEF_SECTIONS.join(), '五个二级标题缺失或顺序不对')
    .refine((sections) => sections.some((s) => s.items.length > 0), '没有任何要点');
}

const keyByTitle = new Map(BRIEF_SECTIONS.map((key) => [briefSectionLabels[key], key] as const));

/**
 * Walks a reply written as `## 标题` sections (a brief or a comparison): `open` builds each
 * section, `line` takes every non-empty line under one (quotes and anything before the first
 * heading are skipped) and may name a problem. An unknown heading or a named problem ends the walk.
 */
export function walkSections<S>(
  markdown: string,
  open: (key: BriefSection) => S,
  line: (section: S, text: string) => string | undefined,
): { sections: S[] } | { problem: string } {
  const sections: S[] = [];
  for (const raw of markdown.split('\n')) {
    const text = raw.trim();
    if (!text) continue;
    const heading = /^#{2,3}\s+(?:\d+[.、]\s*)?(.+?)\s*#*$/.exec(text);
    if (heading) {
      const key = keyByTitle.get(heading[1]!.replace(/\*\*/g, '').trim());
      if (!key) return { problem: `出现了规定以外的标题“${heading[1]}”` };
      sections.push(open(key));
      continue;
    }
    const current = sections.at(-1);
    if (current === undefined || text.startsWith('>')) continue;
    const problem = line(current, text);
    if (problem) return { problem };
  }
  return { sections };
}

/**
 * Reads the model's Markdown brief into sections: `## 标题` lines open the five sections, list
 * lines (or paragraphs) are points whose `[n]` markers become citations. Anything before the
 * first heading (a label) is ignored; an unknown heading, a point without a valid citation or a
 * missing section makes the reply malformed, with the problem in Chinese for the retry.
 */
export function parseBrief(markdown: string, citationCount: number): Checked<IndustryBrief['sections']> {
  type Section = { key: BriefSection; title: string; items: { text: string; citations: number[] }[] };
  const walked = walkSections<Section>(
    markdown,
    (key) => ({ key, title: briefSectionLabels[key], items: [] }),
    (section, line) => {
      const body = line.replace(/^(?:[-*+]|\d+[.)、])\s+/, '');
      const citations = [...new Set([...body.matchAll(MARKER)].map((m) => Number(m[1])))];
      const text = body
        .replace(MARKER, '')
        .replace(/\*\*(.+?)\*\*/g, '$1')
        .trim();
      if (citations.length === 0 && text.replace(/[。.]$/, '') === NOT_IN_REPORTS) return undefined;
      section.items.push({ text, citations });
      return undefined;
    },
  );
  if ('problem' in walked) return { ok: false, problem: walked.problem };
  const sections = walked.sections;
  const checked = modelBriefSchema(citationCount).safeParse(sections);
  if (!checked.success) return { ok: false, problem: checked.error.issues[0]?.message ?? '格式不对' };
  return { ok: true, value: checked.data };
}

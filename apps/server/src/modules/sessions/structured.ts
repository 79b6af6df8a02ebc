import {
  brainstormMethodLabels,
  clusterDraftListSchema,
  emotionLabels,
  EMOTIONS,
  ideaDraftListSchema,
  type BrainstormMethod,
  type BrainstormRound,
  type BrainstormSummary,
  type Emotion,
  type Evidence,
  type IdeaCard,
  type InsightClaim,
  type InsightReport,
} from '@portal/contract';
import { z } from 'zod';
import type { Voice } from './voices';

/*
 * Structured replies: the model's JSON is found, validated and turned into the contract's shapes.
 * Anything the model refers to (card ids, voice numbers) is checked against what exists, so a
 * claim can only cite real sources. An invalid reply yields the reason it is invalid, which the
 * model is shown once to repair it (repair.ts); a reply still invalid is kept as plain text.
 */

/** A reply turned into its structure, or why it could not be (in words the model can act on). */
export type Structured<T> = { ok: true; value: T } | { ok: false; error: string };

const invalid = (error: string): { ok: false; error: string } => ({ ok: false, error });

/** Validates a reply's JSON against a schema; the error names the fields that were wrong. */
function validate<S extends z.ZodType>(schema: S, text: string): Structured<z.output<S>> {
  const json = extractJson(text);
  if (json === undefined) return invalid('回复中没有可解析的 JSON 对象');
  const parsed = schema.safeParse(json);
  return parsed.success ? { ok: true, value: parsed.data } : invalid(z.prettifyError(parsed.error));
}

export const DEMO_NOTE = '> **演示模型**：管理员尚未接入模型服务，以下内容由内置的演示模型按规则生成，仅用于体验。';

/** The JSON object in a reply, with or without a ```json fence or text around it. */
export function extractJson(text: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(text)?.[1];
  const candidates = [fenced, text];
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start >= 0 && end > start) candidates.push(text.slice(start, end + 1));
  for (const candidate of candidates) {
    if (!candidate) continue;
    try {
      return JSON.parse(candidate.trim());
    } catch {
      // try the next candidate
    }
  }
  return undefined;
}

/* ------------------------------------------------------------------ brainstorm */

export function buildRound(
  text: string,
  round: number,
  method: BrainstormMethod,
  expandCardId?: string,
): Structured<BrainstormRound> {
  const parsed = validate(ideaDraftListSchema, text);
  if (!parsed.ok) return parsed;
  const cards: IdeaCard[] = parsed.value.ideas.map((idea, i) => ({
    card_id: `r${round}c${i + 1}`,
    title: idea.title,
    pitch: idea.pitch,
    why: idea.why,
    risks: idea.risks,
    state: 'new',
    rating: null,
    round,
    ...(expandCardId ? { source_card_ids: [expandCardId] } : {}),
  }));
  return { ok: true, value: { round, method, ...(expandCardId ? { expand_card_id: expandCardId } : {}), cards } };
}

export function renderRound(round: BrainstormRound, demo: boolean): string {
  const lines = demo ? [DEMO_NOTE, ''] : [];
  lines.push(`### 第 ${round.round} 轮 · ${brainstormMethodLabels[round.method]}`, '');
  for (const card of round.cards) {
    lines.push(`**${card.title}**：${card.pitch}`, '', `- 可行之处：${card.why}`);
    if (card.risks.length > 0) lines.push(`- 风险：${card.risks.join('；')}`);
    lines.push('');
  }
  return lines.join('\n').trim();
}

/** Markdown whose headings form the mind map (markmap): topic → clusters → cards → pitch. */
export function mindMapMarkdown(
  topic: string,
  clusters: BrainstormSummary['clusters'],
  cards: readonly IdeaCard[],
): string {
  const byId = new Map(cards.map((c) => [c.card_id, c]));
  const lines = [`# ${topic || '头脑风暴'}`];
  for (const cluster of clusters) {
    lines.push('', `## ${cluster.name}`);
    for (const id of cluster.card_ids) {
      const card = byId.get(id);
      if (!card) continue;
      lines.push(`### ${card.title}${card.rating ? ` ${'★'.repeat(card.rating)}` : ''}`, `- ${card.pitch}`);
    }
  }
  return lines.join('\n');
}

export function buildSummary(text: string, topic: string, cards: readonly IdeaCard[]): Structured<BrainstormSummary> {
  const parsed = validate(clusterDraftListSchema, text);
  if (!parsed.ok) return parsed;
  const known = new Set(cards.map((c) => c.card_id));
  const placed = new Set<string>();
  const clusters = parsed.value.clusters
    .map((c) => {
      const ids = c.card_ids.filter((id) => known.has(id) && !placed.has(id));
      for (const id of ids) placed.add(id);
      return { name: c.name, summary: c.summary, card_ids: ids };
    })
    .filter((c) => c.card_ids.length > 0);
  const rest = cards.filter((c) => !placed.has(c.card_id)).map((c) => c.card_id);
  if (rest.length > 0) clusters.push({ name: '其他', summary: '未归入以上类别的创意', card_ids: rest });
  if (clusters.length === 0) return invalid('clusters 中没有任何已知的创意编号（card_ids 必须取自给出的创意编号）');
  const kept = cards.filter((c) => c.state === 'kept');
  const shortlist = (kept.length > 0 ? kept : cards)
    .slice()
    .sort((a, b) => (b.rating ?? 0) - (a.rating ?? 0))
    .map((c) => ({ card_id: c.card_id, title: c.title, pitch: c.pitch, rating: c.rating }));
  return {
    ok: true,
    value: { topic, clusters, mind_map_markdown: mindMapMarkdown(topic, clusters, cards), shortlist },
  };
}

export function renderSummary(summary: BrainstormSummary, demo: boolean): string {
  const lines = demo ? [DEMO_NOTE, ''] : [];
  lines.push(`### 头脑风暴总结：${summary.topic}`, '');
  for (const c of summary.clusters) lines.push(`- **${c.name}**（${c.card_ids.length} 个创意）：${c.summary}`);
  lines.push('', '### 入选清单', '');
  summary.shortlist.forEach((s, i) => {
    lines.push(`${i + 1}. **${s.title}**${s.rating ? ` ${'★'.repeat(s.rating)}` : ''}：${s.pitch}`);
  });
  return lines.join('\n').trim();
}

/* ------------------------------------------------------------------ insight */

const voiceIds = z.array(z.coerce.number().int()).default([]);
const claimDraft = z.object({ title: z.string().min(1), detail: z.string().default(''), voices: voiceIds });
/** What the model must produce for a report: claims refer to voices by number. */
export const reportDraftSchema = z.object({
  summary: z.string().default(''),
  emotions: z.array(z.object({ emotion: z.string(), voices: voiceIds })).default([]),
  needs: z.array(claimDraft).default([]),
  pain_points: z.array(claimDraft).default([]),
  delights: z.array(claimDraft).default([]),
  personas: z
    .array(
      z.object({
        name: z.string().min(1),
        description: z.string().default(''),
        goals: z.array(z.string()).default([]),
        frustrations: z.array(z.string()).default([]),
        voices: voiceIds,
      }),
    )
    .default([]),
});
export type ReportDraft = z.infer<typeof reportDraftSchema>;

const EVIDENCE_PER_CLAIM = 5;

export function buildReport(text: string, voices: readonly Voice[]): Structured<InsightReport> {
  const parsed = validate(reportDraftSchema, text);
  if (!parsed.ok) return parsed;
  const draft = parsed.value;
  const byId = new Map(voices.map((v) => [v.id, v]));
  const evidenceOf = (ids: readonly number[]): { count: number; evidence: Evidence[] } => {
    const found = [...new Set(ids)].flatMap((id) => {
      const v = byId.get(id);
      return v ? [{ quote: v.quote, file_id: v.file_id, file_name: v.file_name, page: v.page, row: v.row }] : [];
    });
    return { count: found.length, evidence: found.slice(0, EVIDENCE_PER_CLAIM) };
  };
  const claims = (list: ReportDraft['needs']): InsightClaim[] =>
    list.map((c) => ({ title: c.title, detail: c.detail, ...evidenceOf(c.voices) })).filter((c) => c.count > 0);

  // Each voice counts for exactly one emotion: the first the model gave it, else neutral, so the
  // counts add up to the voices and the chart's slices to the whole.
  const counted = new Set<number>();
  const perEmotion = new Map<Emotion, number[]>();
  const add = (emotion: Emotion, ids: readonly number[]) =>
    perEmotion.set(emotion, [...(perEmotion.get(emotion) ?? []), ...ids]);
  for (const e of draft.emotions) {
    if (!(EMOTIONS as readonly string[]).includes(e.emotion)) continue;
    const ids = [...new Set(e.voices)].filter((id) => byId.has(id) && !counted.has(id));
    for (const id of ids) counted.add(id);
    add(e.emotion as Emotion, ids);
  }
  const unclassified = voices.filter((v) => !counted.has(v.id)).map((v) => v.id);
  if (unclassified.length > 0) add('neutral', unclassified);
  const total = voices.length;
  const emotions = [...perEmotion.entries()]
    .map(([emotion, ids]) => {
      const { count, evidence } = evidenceOf(ids);
      return { emotion, label: emotionLabels[emotion], count, share: total ? count / total : 0, evidence };
    })
    .filter((e) => e.count > 0)
    .sort((a, b) => b.count - a.count);
  const report: InsightReport = {
    summary: draft.summary,
    voice_count: total,
    emotions,
    needs: claims(draft.needs),
    pain_points: claims(draft.pain_points),
    delights: claims(draft.delights),
    personas: draft.personas
      .map((p) => ({
        name: p.name,
        description: p.description,
        goals: p.goals,
        frustrations: p.frustrations,
        evidence: evidenceOf(p.voices).evidence,
      }))
      .filter((p) => p.evidence.length > 0),
  };
  return { ok: true, value: report };
}

function sourceOf(e: Evidence): string {
  const at = e.page !== null ? `第${e.page}页` : e.row !== null ? `第${e.row}行` : '';
  return `${e.file_name}${at ? ` ${at}` : ''}`;
}

export function renderReport(report: InsightReport, demo: boolean): string {
  const lines = demo ? [DEMO_NOTE, ''] : [];
  lines.push('### 洞察概览', '', report.summary || `共分析 ${report.voice_count} 条用户原声。`, '');
  if (report.emotions.length > 0) {
    lines.push('### 情绪分布', '');
    for (const e of report.emotions) lines.push(`- ${e.label}：${Math.round(e.share * 100)}%（${e.count} 条）`);
    lines.push('');
  }
  const section = (title: string, claims: readonly InsightClaim[]) => {
    if (claims.length === 0) return;
    lines.push(`### ${title}`, '');
    for (const c of claims) {
      lines.push(`- **${c.title}**（${c.count} 条原声）${c.detail ? `：${c.detail}` : ''}`);
      const first = c.evidence[0];
      if (first) lines.push(`  > “${first.quote}”——${sourceOf(first)}`);
    }
    lines.push('');
  };
  section('需求', report.needs);
  section('痛点', report.pain_points);
  section('惊喜时刻', report.delights);
  if (report.personas.length > 0) {
    lines.push('### 用户画像', '');
    for (const p of report.personas) lines.push(`- **${p.name}**：${p.description}`);
  }
  return lines.join('\n').trim();
}

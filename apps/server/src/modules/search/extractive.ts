import { termSource, type TermedSource } from './source-terms';
import { clip, contentTerms } from './text';

/** The label above an extractive summary: no model wrote it. */
export const EXTRACTIVE_NOTE = '摘录模式：未配置模型，以下句子原样摘自来源，未经改写。';

interface Scored {
  idx: number;
  sentence: string;
  score: number;
}

/** The query's words that sentences are ranked by. */
export function queryTerms(query: string): ReadonlySet<string> {
  return new Set(contentTerms(query));
}

/** Sentences of the sources ranked by how many of the query's words they hold. */
export function rankSentences(wanted: ReadonlySet<string>, sources: readonly TermedSource[]): Scored[] {
  if (wanted.size === 0) return [];
  const scored: Scored[] = [];
  for (const source of sources) {
    source.sentences.forEach((sentence, i) => {
      if (sentence.length < 8 || sentence.length > 400) return;
      // The query's words found in the sentence as text: no segmentation of every sentence.
      const lower = source.lowered[i]!;
      let hits = 0;
      for (const t of wanted) if (lower.includes(t)) hits++;
      if (hits === 0) return;
      // Favour sentences covering more of the query; a small lead for earlier (better-ranked) sources.
      scored.push({ idx: source.idx, sentence, score: hits / wanted.size - source.idx * 0.001 });
    });
  }
  return scored.sort((a, b) => b.score - a.score);
}

/** The passage of a source a run drew on: its sentences that best match the query's words. */
export function passageIn(wanted: ReadonlySet<string>, source: TermedSource, content: string, max = 600): string {
  const ranked = rankSentences(wanted, [source]).slice(0, 3);
  if (ranked.length === 0) return clip(content.replace(/\s+/g, ' '), max);
  return clip(ranked.map((r) => r.sentence).join(' '), max);
}

/** The passage of a text for a query (a source not otherwise prepared). */
export function passageOf(query: string, content: string, max = 600): string {
  return passageIn(queryTerms(query), termSource(0, '', content), content, max);
}

/**
 * A summary without a model: for each query of the plan, the source sentences that best answer it,
 * verbatim, each with the [n] of the source it was taken from. Every mark is exact by construction.
 */
export function extractiveSummary(query: string, plan: readonly string[], sources: readonly TermedSource[]): string {
  const used = new Set<string>();
  const sections: string[] = [`> ${EXTRACTIVE_NOTE}`];
  const queries = plan.length > 0 ? plan : [query];
  const perQuery = queries.length > 1 ? 2 : 4;
  for (const q of queries) {
    const picked = rankSentences(queryTerms(`${query} ${q}`), sources)
      .filter((s) => !used.has(s.sentence))
      .slice(0, perQuery);
    if (picked.length === 0) continue;
    if (queries.length > 1) sections.push(`### ${q}`);
    for (const p of picked) {
      used.add(p.sentence);
      sections.push(`- ${p.sentence} [${p.idx}]`);
    }
  }
  if (sections.length === 1) sections.push('在已读取的来源中没有找到与问题相关的内容。');
  return sections.join('\n');
}

import { SEARCH_PLAN_MAX_QUERIES } from '@portal/contract';
import { contentTerms } from './text';

/**
 * The plan without a model: the question itself, then its content words regrouped into shorter
 * queries so that pages matching only part of the question are still found.
 */
export function heuristicPlan(query: string): string[] {
  const q = query.trim();
  const terms = [...new Set(contentTerms(q))].filter((t) => t.length > 1);
  const plan = [q];
  if (terms.length >= 4) {
    const half = Math.ceil(terms.length / 2);
    plan.push(terms.slice(0, half).join(' '), terms.slice(half).join(' '));
  } else if (terms.length >= 2) plan.push(terms.join(' '));
  return dedupePlan(plan);
}

/** A model's plan text as queries: one per line, numbering and quotes stripped. */
export function parsePlan(text: string, query: string): string[] {
  const lines = text
    .split('\n')
    .map((l) =>
      l
        .replace(/^\s*(?:[-*•]|\d+[.)、])\s*/, '')
        .replace(/^["“'`]+|["”'`]+$/g, '')
        .trim(),
    )
    .filter((l) => l.length > 0 && l.length <= 200);
  return dedupePlan(lines.length > 0 ? lines : [query]);
}

function dedupePlan(queries: string[]): string[] {
  const seen = new Set<string>();
  return queries
    .filter((q) => {
      const key = q.toLowerCase();
      if (!q || seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, SEARCH_PLAN_MAX_QUERIES);
}

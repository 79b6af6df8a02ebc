import { normalizeSourceUrl, type SearchCitation } from '@portal/contract';
import { claimOf, supportIn, termSource, type Claim, type TermedSource } from './source-terms';
import { contentTerms } from './text';

export interface CitableSource {
  idx: number;
  title: string;
  url: string;
  content: string;
}

/** A claim is taken as supported by a source holding at least this share of its content words. */
export const SUPPORT_THRESHOLD = 0.6;

const MARK = /\[(\d{1,3}(?:\s*[,，、]\s*\d{1,3})*)\]/g;

export interface CheckedSummary {
  summary: string;
  citations: SearchCitation[];
  /** Marks removed because no stored source held the claim, or the number matched no source. */
  dropped: number;
  /** Marks moved to the stored source that does hold the claim. */
  moved: number;
}

/**
 * Makes every [n] of a summary point at a source fetched and stored with the run that contains its
 * claim: a number with no stored source is dropped; a claim its source does not support moves to
 * the stored source that supports it best, or loses the mark. URLs written by the model are never
 * trusted: citations come from the stored sources, matched by index (URLs normalised as section 5
 * says when a model cites by address). A source supports a claim when one of its sentences holds
 * it (see supportIn); the run's question tells what its claims are about.
 */
export function checkCitations(
  summary: string,
  sources: readonly CitableSource[],
  termed: ReadonlyMap<number, TermedSource> = new Map(
    sources.map((s) => [s.idx, termSource(s.idx, s.title, s.content)]),
  ),
  question = '',
): CheckedSummary {
  const asked = new Set(contentTerms(question));
  const byIdx = new Map(sources.map((s) => [s.idx, s] as const));
  const byUrl = new Map(sources.map((s) => [normalizeSourceUrl(s.url), s] as const));
  let dropped = 0;
  let moved = 0;
  const cited = new Set<number>();

  // A model citing by address ([https://x.example/a/]) is mapped to the stored source's index.
  const byAddress = summary.replace(/\[(https?:\/\/[^\]\s]+)\]/g, (whole, url: string) => {
    const found = byUrl.get(normalizeSourceUrl(url));
    if (found) return `[${found.idx}]`;
    dropped++;
    return '';
  });

  const lines = byAddress.split('\n').map((line) =>
    splitClaims(line)
      .map((piece) => {
        // Segmented once, however many marks and sources it is tried on.
        let claim: Claim | undefined;
        return piece.replace(MARK, (_whole, list: string) => {
          claim ??= claimOf(piece.replace(MARK, '').trim(), asked);
          const kept: number[] = [];
          for (const raw of list.split(/\s*[,，、]\s*/)) {
            const n = Number(raw);
            const source = byIdx.get(n);
            const ok = source && termed.has(n) && supportIn(claim, termed.get(n)!) >= SUPPORT_THRESHOLD;
            if (ok) {
              kept.push(n);
              continue;
            }
            const best = bestSupport(claim, termed);
            if (best !== null && !kept.includes(best)) {
              kept.push(best);
              moved++;
            } else dropped++;
          }
          for (const n of kept) cited.add(n);
          return kept.map((n) => `[${n}]`).join('');
        });
      })
      .join(''),
  );
  const citations = [...cited]
    .sort((a, b) => a - b)
    .map((n) => {
      const s = byIdx.get(n)!;
      return { index: n, url: normalizeSourceUrl(s.url), title: s.title };
    });
  return { summary: lines.join('\n'), citations, dropped, moved };
}

/** Sentence-sized pieces of a line, each keeping the marks that follow it. */
function splitClaims(line: string): string[] {
  return (
    line.match(/[^。！？!?；;]*(?:[。！？!?；;]|$)(?:\s*\[[\d\s,，、]+\])*/g)?.filter((p) => p.length > 0) ?? [line]
  );
}

function bestSupport(claim: Claim, termed: ReadonlyMap<number, TermedSource>): number | null {
  let best: number | null = null;
  let score = SUPPORT_THRESHOLD;
  for (const [idx, source] of termed) {
    const s = supportIn(claim, source);
    if (s >= score && (best === null || s > score)) {
      best = idx;
      score = s;
    }
  }
  return best;
}

/** The marks of a summary, in order, for checks and the bench. */
export function marksOf(summary: string): { claim: string; n: number }[] {
  const out: { claim: string; n: number }[] = [];
  for (const line of summary.split('\n')) {
    for (const piece of splitClaims(line)) {
      const claim = piece.replace(MARK, '').trim();
      for (const m of piece.matchAll(MARK))
        for (const raw of m[1]!.split(/\s*[,，、]\s*/)) out.push({ claim, n: Number(raw) });
    }
  }
  return out;
}

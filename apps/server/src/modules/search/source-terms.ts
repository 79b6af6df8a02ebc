import { contentTerms, splitSentences } from './text';

/** A source ready for matching claims: its sentences, its text lower-cased, its numbers. */
export interface TermedSource {
  idx: number;
  /** Its sentences, as written (what an extract quotes). */
  sentences: string[];
  /** The same sentences lower-cased, for finding words in them (once per source, not per query). */
  lowered: string[];
  /** Title and content, lower-cased: a claim's words are looked up in it as text. */
  text: string;
  /** The digits runs of the source (years, amounts): a claim's numbers must all be among them. */
  numbers: Set<string>;
  /** Its title, normalised and lower-cased: read with every sentence (a page names its subject there). */
  title: string;
  /** Its sentences normalised and lower-cased, each with its numbers: where a claim must be found whole. */
  units: { text: string; numbers: Set<string> }[];
}

/** A claim as matched against sources: segmented once, however many sources it is tried on. */
export interface Claim {
  /** Its distinct content words. */
  terms: string[];
  numbers: string[];
  /**
   * Its words that the question also has: what the claim is about (the plant, bridge or person
   * asked after). The sentence supporting it must name that itself, or its page's title must.
   */
  about: string[];
}

const NUMBER = /\d+(?:\.\d+)?/g;

export function numbersOf(text: string): string[] {
  return text.match(NUMBER) ?? [];
}

/** Sentences considered per source: enough for any page the read step keeps. */
const MAX_SENTENCES = 600;

export function termSource(idx: number, title: string, content: string): TermedSource {
  const sentences = splitSentences(content).slice(0, MAX_SENTENCES);
  const whole = `${title}\n${content}`;
  const lower = (text: string) => text.normalize('NFKC').toLowerCase();
  // No segmentation of the source: only the short claims are segmented, and their words found
  // in the text (segmenting every fetched page would cost most of the step's time).
  return {
    idx,
    sentences,
    lowered: sentences.map((s) => s.toLowerCase()),
    text: whole.normalize('NFKC').toLowerCase(),
    numbers: new Set(numbersOf(whole)),
    title: lower(title),
    units: sentences.map((s) => ({ text: lower(s), numbers: new Set(numbersOf(s)) })),
  };
}

/** A claim, with the question it answers (its words tell what the claim is about). */
export function claimOf(text: string, question: ReadonlySet<string> = new Set()): Claim {
  const terms = [...new Set(contentTerms(text))];
  return { terms, numbers: numbersOf(text), about: terms.filter((t) => question.has(t)) };
}

/**
 * How well a source supports a claim: the best of its sentences, each read with the page's title.
 * A sentence scores 0 when any number of the claim is missing from it (a wrong year or amount is
 * the commonest wrong citation) or when it does not name what the claim is about; else the share
 * of the claim's distinct words found in it. Words scattered over a page do not count: a page
 * about the neighbouring plant holds the claim's words and numbers, in sentences about that plant.
 */
export function supportIn(claim: Claim, source: TermedSource): number {
  if (claim.terms.length === 0) return 0;
  // Quick refusal: the page as a whole lacks a number of the claim.
  for (const n of claim.numbers) if (!source.numbers.has(n)) return 0;
  let best = 0;
  for (const unit of source.units) {
    if (!claim.numbers.every((n) => unit.numbers.has(n))) continue;
    const has = (t: string) => unit.text.includes(t) || source.title.includes(t);
    if (!claim.about.every(has)) continue;
    let found = 0;
    for (const t of claim.terms) if (has(t)) found++;
    best = Math.max(best, found / claim.terms.length);
  }
  return best;
}

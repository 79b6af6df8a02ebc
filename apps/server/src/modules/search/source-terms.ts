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
}

/** A claim as matched against sources: segmented once, however many sources it is tried on. */
export interface Claim {
  /** Its distinct content words. */
  terms: string[];
  numbers: string[];
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
  // No segmentation of the source: only the short claims are segmented, and their words found
  // in the text (segmenting every fetched page would cost most of the step's time).
  return {
    idx,
    sentences,
    lowered: sentences.map((s) => s.toLowerCase()),
    text: whole.normalize('NFKC').toLowerCase(),
    numbers: new Set(numbersOf(whole)),
  };
}

export function claimOf(text: string): Claim {
  return { terms: [...new Set(contentTerms(text))], numbers: numbersOf(text) };
}

/**
 * How well a source supports a claim: 0 when any number of the claim is missing from it (a wrong
 * year or amount is the commonest wrong citation), else the share of the claim's distinct words
 * found in it.
 */
export function supportIn(claim: Claim, source: TermedSource): number {
  for (const n of claim.numbers) if (!source.numbers.has(n)) return 0;
  if (claim.terms.length === 0) return 0;
  let found = 0;
  for (const t of claim.terms) if (source.text.includes(t)) found++;
  return found / claim.terms.length;
}

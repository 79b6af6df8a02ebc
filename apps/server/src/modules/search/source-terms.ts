import { contentTerms, splitSentences } from './text';

/** A source ready for matching claims: its sentences, its text lower-cased, its numbers. */
export interface TermedSource {
  idx: number;
  /** Its sentences, lower-cased for matching by words. */
  sentences: string[];
  /** Title and content, lower-cased: a claim's words are looked up in it as text. */
  text: string;
  /** The digits runs of the source (years, amounts): a claim's numbers must all be among them. */
  numbers: Set<string>;
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
  return { idx, sentences, text: whole.normalize('NFKC').toLowerCase(), numbers: new Set(numbersOf(whole)) };
}

/**
 * How well a source supports a claim: 0 when any number of the claim is missing from it (a wrong
 * year or amount is the commonest wrong citation), else the share of the claim's distinct words
 * found in it.
 */
export function supportIn(claim: string, source: TermedSource): number {
  for (const n of numbersOf(claim)) if (!source.numbers.has(n)) return 0;
  const terms = [...new Set(contentTerms(claim))];
  if (terms.length === 0) return 0;
  return terms.filter((t) => source.text.includes(t)).length / terms.length;
}

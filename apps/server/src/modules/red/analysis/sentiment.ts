import type { RedSentence, RedSentiment } from '@portal/contract';
import { cut } from './segmenter';
import {
  CANNOT,
  CLAIM_MARKERS,
  BOTH_BAD,
  CONTRAST_OPENERS,
  CONTRAST_WORDS,
  DEGREE_WORDS,
  EXCESS_MARKERS,
  EXCESS_WORDS,
  EXPECTED_ACTIONS,
  LATE,
  NEGATIVE_WORDS,
  NEGATORS,
  NOT_AGAIN,
  POSITIVE_WORDS,
  QUESTION_CUES,
  REFUSAL_ONLY_ACTIONS,
  REFUSALS,
  REMEDIES,
  SHORT_LIFE,
  SOFT_NEGATORS,
  STILL_BAD,
  SUPPOSITION_MARKERS,
  TOO_MUCH,
} from './sentiment-lexicon';

export interface SentimentResult {
  polarity: RedSentiment;
  score: number;
  /** Every sentence that carries an opinion, in order. */
  sentences: RedSentence[];
}

/** A clause's score above this (or below its negative) is an opinion. */
const SENTENCE_THRESHOLD = 0.3;
/** A note's summed score above this (or below its negative) is positive (negative). */
const NOTE_THRESHOLD = 0.3;
/** How far back a negator or degree word reaches, in words. */
const LOOK_BACK = 3;
const POSITIVE_EMOJI = ['😍', '🥰', '👍', '❤️', '💯', '✨', '🥹', '😋', '💕', '🔥'];
const NEGATIVE_EMOJI = ['😡', '👎', '💢', '🙄', '😤', '😭', '🤮', '💔', '😓'];

/** Complaints weigh more than praise in reviews: one 卡粉 outweighs one 好看. */
const NEGATIVE_BIAS = 1.3;

function polarityOf(word: string): number {
  return POSITIVE_WORDS.get(word) ?? -(NEGATIVE_WORDS.get(word) ?? 0) * NEGATIVE_BIAS;
}

/** Negators and the demonstratives that carry a negation across a few words ("没有网上说的那么好"). */
const CARRIED_NEGATORS = new Set(['没有', '没', '不如', '不是', '并没有']);
const CARRIERS = new Set(['那么', '这么', '那样', '这样']);

/**
 * jieba keeps some degree or negation prefixes on the word ("很差", "太慢", "不透气"): split them
 * off when the rest is an opinion word, and turn "太甜" into its complaint.
 */
function splitPrefixes(words: string[]): string[] {
  const out: string[] = [];
  for (const word of words) {
    if (polarityOf(word) !== 0 || word.length < 2) {
      out.push(word);
      continue;
    }
    const split = [1, 2]
      .map((n) => [word.slice(0, n), word.slice(n)] as const)
      .find(
        ([head, rest]) =>
          rest.length > 0 &&
          (DEGREE_WORDS.has(head) || NEGATORS.has(head) || EXCESS_MARKERS.has(head)) &&
          (polarityOf(rest) !== 0 || (EXCESS_MARKERS.has(head) && EXCESS_WORDS.has(rest))),
      );
    if (split) out.push(split[0], split[1]);
    else out.push(word);
  }
  return out;
}

/**
 * The refusal before an expected action ("不给退", "没人理", "一直没回复"), within two words, if
 * any. A plain 不 or 没 denies most actions, but not those a loyal buyer also declines (不换).
 */
function deniedBy(words: string[], at: number): string | null {
  const action = words[at]!;
  for (let j = at - 1; j >= Math.max(0, at - 2); j--) {
    const before = words[j]!;
    if (REFUSALS.has(before)) return words.slice(j, at).join('');
    if (NEGATORS.has(before) && !REFUSAL_ONLY_ACTIONS.has(action)) return words.slice(j, at).join('');
    if (polarityOf(before) !== 0) return null;
  }
  return null;
}

/** Scores one clause: opinion words, flipped by negators and scaled by degree words before them. */
function scoreClause(words: string[]): { score: number; cues: string[] } {
  let score = 0;
  const cues: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    let base = polarityOf(word);
    if (base === 0 && EXCESS_WORDS.has(word) && i > 0 && EXCESS_MARKERS.has(words[i - 1]!)) base = -NEGATIVE_BIAS;
    if (base === 0 && EXPECTED_ACTIONS.has(word)) {
      const denial = deniedBy(words, i);
      if (denial) {
        score -= NEGATIVE_BIAS;
        cues.push(denial + word);
      }
      continue;
    }
    if (base === 0) continue;
    // "好喜欢": 好 is a degree word here, not an opinion of its own.
    if (DEGREE_WORDS.has(word) && i + 1 < words.length && polarityOf(words[i + 1]!) !== 0) continue;
    let multiplier = 1;
    let negations = 0;
    let soft = false;
    const prefix: string[] = [];
    for (let j = i - 1; j >= Math.max(0, i - LOOK_BACK); j--) {
      const before = words[j]!;
      if (NEGATORS.has(before)) {
        negations++;
        soft ||= SOFT_NEGATORS.has(before);
        prefix.unshift(before);
      } else if (DEGREE_WORDS.has(before)) {
        multiplier *= DEGREE_WORDS.get(before)!;
        prefix.unshift(before);
      } else if (base < 0 && REMEDIES.has(before)) {
        // "告别卡粉": the complaint is what the product took away.
        negations++;
        prefix.unshift(before);
        break;
      } else if (polarityOf(before) !== 0) break;
    }
    if (
      negations === 0 &&
      i > 0 &&
      CARRIERS.has(words[i - 1]!) &&
      words.slice(0, i - 1).some((w) => CARRIED_NEGATORS.has(w))
    ) {
      negations = 1;
      prefix.unshift('没有…');
    }
    let value = base * multiplier;
    // A flipped opinion is weaker than the opposite word: 不好 is less than 差.
    if (negations % 2 === 1) value = -value * (soft ? 0.5 : 0.8);
    score += value;
    cues.push(prefix.join('') + word);
  }
  // "一点干货都没有": a negation at the end of the clause denies the praise before it.
  const tail = words.filter((w) => w !== '了' && !/^[。！？!?]+$/.test(w)).slice(-2);
  if (score > 0 && tail[1] === '没有' && (tail[0] === '都' || tail[0] === '也')) score = -score * 0.8;
  for (const [list, sign] of [
    [POSITIVE_EMOJI, 1],
    [NEGATIVE_EMOJI, -1],
  ] as const) {
    for (const e of list) {
      if (!words.includes(e)) continue;
      score += 0.5 * sign;
      cues.push(e);
    }
  }
  return { score, cues };
}

function isQuestion(clause: string): boolean {
  return /[?？]\s*$/.test(clause) || QUESTION_CUES.some((q) => clause.includes(q));
}

/** Splits a text into sentences (kept with their end mark) and each into clauses. */
function sentencesOf(text: string): string[] {
  return (text.match(/[^。！？!?；;\n]+[。！？!?；;\n]*/g) ?? []).map((s) => s.trim()).filter(Boolean);
}

/**
 * Complaints a clause makes by its shape rather than its words: cannot, late, not again, too much,
 * still or more so. Breaking soon (SHORT_LIFE) counts only in a clause that praises nothing:
 * "用了一周就爱不释手" is no complaint.
 */
function shapeCues(clause: string, score: number): string[] {
  const patterns = [CANNOT, LATE, NOT_AGAIN, TOO_MUCH, BOTH_BAD, STILL_BAD, ...(score <= 0 ? [SHORT_LIFE] : [])];
  return patterns.map((pattern) => clause.match(pattern)?.[0]).filter((m): m is string => !!m);
}

function analyseSentence(sentence: string, claimBefore = false): RedSentence & { claim: boolean } {
  const clauses = sentence.split(/[，,、~～]+/).filter((c) => c.trim());
  let total = 0;
  const cues: string[] = [];
  let claim = claimBefore;
  for (const clause of clauses) {
    const words = splitPrefixes(cut(clause.toLowerCase()).filter((w) => w.trim()));
    let { score } = scoreClause(words);
    const clauseCues = scoreClause(words).cues;
    for (const shape of shapeCues(clause.trim().replace(/[。！？!?；;\s]+$/, ''), score)) {
      score -= NEGATIVE_BIAS;
      clauseCues.push(shape);
    }
    // A question asks for opinions rather than giving one; a claim or a worry is someone else's
    // opinion, or one the writer no longer holds.
    if (isQuestion(clause) || isQuestion(sentence) || SUPPOSITION_MARKERS.test(clause)) score = 0;
    const turns =
      (words[0] && CONTRAST_WORDS.has(words[0])) ||
      /^(其实|实际|却)/.test(clause.trim()) ||
      CONTRAST_OPENERS.test(clause.trim());
    if (claim && turns) {
      // "号称防水，结果进水了": the promise was broken.
      score -= NEGATIVE_BIAS;
      clauseCues.push('说是…结果');
      claim = false;
    } else if (CLAIM_MARKERS.test(clause)) {
      score = 0;
      claim = true;
    }
    if (turns) {
      // What comes after 但是 is the verdict; what came before is the concession.
      total = total * 0.5;
      score *= 1.5;
    }
    total += score;
    cues.push(...clauseCues);
  }
  const polarity: RedSentiment =
    total > SENTENCE_THRESHOLD ? 'positive' : total < -SENTENCE_THRESHOLD ? 'negative' : 'neutral';
  return { text: sentence.slice(0, 200), polarity, score: Math.round(total * 100) / 100, cues, claim };
}

/**
 * The sentiment of a note (title and content): sentence scores summed, the title counting a half
 * more, with the sentences behind it, so each score can be checked by a reader.
 */
export function analyseSentiment(title: string, content = ''): SentimentResult {
  const sentences: RedSentence[] = [];
  let score = 0;
  const titled = sentencesOf(title).map((s) => ({ s, weight: 1.5 }));
  const body = sentencesOf(content).map((s) => ({ s, weight: 1 }));
  let claim = false;
  for (const { s, weight } of [...titled, ...body]) {
    const { claim: open, ...result } = analyseSentence(s, claim);
    claim = open;
    score += result.score * weight;
    if (result.polarity !== 'neutral') sentences.push(result);
  }
  const polarity: RedSentiment = score > NOTE_THRESHOLD ? 'positive' : score < -NOTE_THRESHOLD ? 'negative' : 'neutral';
  return { polarity, score: Math.round(score * 100) / 100, sentences };
}

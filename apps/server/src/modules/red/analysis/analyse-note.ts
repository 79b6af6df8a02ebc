import type { RedSentence, RedSentiment } from '@portal/contract';
import type { BrandMatcher, BrandMention } from './brand-matcher';
import { scenesOf } from './scenes';
import { keywords } from './segmenter';
import { analyseSentiment } from './sentiment';

export interface NoteAnalysis {
  sentiment: RedSentiment;
  sentimentScore: number;
  sentences: RedSentence[];
  scenes: string[];
  keywords: string[];
  mentions: BrandMention[];
}

/**
 * Raised whenever the offline analysis changes (lexicon, rules, scenes, keywords): the stored notes
 * are then analysed again by a job (reanalysis.ts). 2: complaint and praise words by kind, denied
 * services, broken claims, what cannot be done, the body's complaints, relief, worries. 3: breaking
 * soon, too much or both of a bad state, a state that stayed or grew worse, dare not use again,
 * 就是 as a turn.
 */
export const ANALYSIS_VERSION = '3';

/** Opinion sentences kept per note (the strongest first within reading order is not needed). */
const SENTENCES_KEPT = 8;
const KEYWORDS_KEPT = 8;

/** Everything the offline analysis finds in one note; runs at import, so queries only read. */
export function analyseNote(title: string, content: string, topics: string[], matcher: BrandMatcher): NoteAnalysis {
  const sentiment = analyseSentiment(title, content);
  const text = `${title}\n${content}`;
  return {
    sentiment: sentiment.polarity,
    sentimentScore: sentiment.score,
    sentences: sentiment.sentences.slice(0, SENTENCES_KEPT),
    scenes: scenesOf(text).scenes,
    keywords: keywords(text, KEYWORDS_KEPT).map((k) => k.keyword),
    mentions: matcher.match(`${text}\n${topics.join(' ')}`),
  };
}

import type { Citation } from '@portal/contract';
import type { Env } from '../clients';
import type { SearchConfig } from '../config';
import { LlmError } from '../errors';
import { searchSearxng } from './searxng';
import { toCitations } from './sources';

export const NO_SEARCH_BACKEND_NOTE = '未配置联网搜索服务，以下回答未引用任何来源';
export const SEARCH_FAILED_NOTE = '联网搜索暂时不可用，以下回答未引用任何来源';
export const NO_RESULTS_NOTE = '未搜索到相关网页，以下回答未引用任何来源';

export interface SearchOutcome {
  sources: Citation[];
  /** Shown to the user above the answer when it cites nothing. */
  note?: string;
}

/** A web search as a module asks for it. */
export interface WebSearchQuery {
  prompt: string;
  /** 0 Chinese results first, 1 English. */
  lang: 0 | 1;
  /** Include scholarly sources. */
  enableMix: boolean;
}

interface WebSearchInput extends WebSearchQuery {
  search: SearchConfig | undefined;
  env: Env;
  signal?: AbortSignal;
}

/** Searches the configured backend; a failing backend degrades to an answer without sources. */
export async function searchWeb(input: WebSearchInput): Promise<SearchOutcome> {
  const { search, signal } = input;
  if (!search) return { sources: [], note: NO_SEARCH_BACKEND_NOTE };
  try {
    const results = await searchSearxng(
      search,
      input.env,
      { q: input.prompt, lang: input.lang, enableMix: input.enableMix },
      signal,
    );
    const sources = toCitations(results, search.maxResults);
    return sources.length > 0 ? { sources } : { sources, note: NO_RESULTS_NOTE };
  } catch (error) {
    if (signal?.aborted) throw new LlmError('aborted', { cause: error });
    return { sources: [], note: SEARCH_FAILED_NOTE };
  }
}

import type { Citation } from '@portal/contract';
import type { Env } from './clients';
import type { SearchConfig } from './config';
import { LlmError } from './errors';
import { searchSearxng } from './search/searxng';
import { toCitations } from './search/sources';

export const NO_SEARCH_BACKEND_NOTE = '未配置联网搜索服务，以下回答未引用任何来源';
export const SEARCH_FAILED_NOTE = '联网搜索暂时不可用，以下回答未引用任何来源';
export const NO_RESULTS_NOTE = '未搜索到相关网页，以下回答未引用任何来源';

export interface SearchOutcome {
  sources: Citation[];
  /** Shown to the user above the answer when it cites nothing. */
  note?: string;
}

export interface MetasoSearchInput {
  search: SearchConfig | undefined;
  env: Env;
  prompt: string;
  lang: 0 | 1;
  enableMix: boolean;
  signal?: AbortSignal;
}

/** Searches the configured backend; a failing backend degrades to an answer without sources. */
export async function searchSources(input: MetasoSearchInput): Promise<SearchOutcome> {
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

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** The system prompt of a metaso answer: numbered sources, [n] citation marks, reply language. */
export function metasoSystemPrompt(sources: readonly Citation[], lang: 0 | 1): string {
  const language = lang === 1 ? '请使用英文（English）回答。' : '请使用中文回答。';
  if (sources.length === 0) {
    return [
      '你是智能搜索助手。本次没有可用的联网搜索结果。',
      '请根据已有知识回答，不要标注 [n] 形式的引用编号，不要编造网址或来源；涉及时效性的信息请提醒用户核实。',
      language,
      `当前日期：${today()}`,
    ].join('\n');
  }
  const listed = sources.map((s) => `[${s.index}] ${s.title}\n链接：${s.url}\n摘要：${s.snippet}`).join('\n\n');
  return [
    '你是智能搜索助手。请根据下面编号的联网搜索结果回答用户的问题。',
    '- 使用某条结果的信息时，在相应句子末尾标注其编号，格式为 [n]，例如 [1] 或 [2][3]；只能使用下面列出的编号。',
    '- 不要在回答末尾重复列出来源清单，界面会单独展示来源。',
    '- 如果搜索结果不足以回答，请如实说明，不要编造来源。',
    language,
    `当前日期：${today()}`,
    '',
    '联网搜索结果：',
    '',
    listed,
  ].join('\n');
}

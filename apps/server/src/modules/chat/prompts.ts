import {
  chatModels,
  ErrorCode,
  METASO_DEFAULT_LANG,
  METASO_DEFAULT_SCOPE,
  validationMessage,
  type ChatModule,
  type Citation,
} from '@portal/contract';
import { AppError } from '../../errors/app-error';
import type { ChatTurn, LlmChunk, LlmGateway, UpstreamMessage } from '../../services/llm';

/**
 * The chat module's prompt builder. Plain chat modules send the history as it is; a module whose
 * contract entry answers from a web search (metaso) searches first, offers the numbered sources in
 * a system prompt and shows them before the answer.
 */

/** Options of a web-search module's conversation (section 9: 回复语言 and 搜索范围). */
export interface SearchOptions {
  /** 0 回复中文, 1 回复英文. */
  lang: 0 | 1;
  /** true 全网及文献, false 全网（不含文献）. */
  enableMix: boolean;
}

/** What a chat answer's generation needs besides the history. */
export interface ChatPromptTarget {
  module: ChatModule;
  modelType: number;
  temperature: number;
  search?: SearchOptions;
  /** The ask's model choice and question were checked when it was accepted (StreamChatInput.checked). */
  checked?: boolean;
}

/** Checks lang and enableMix of a web-search module; other modules have no such options. */
export function searchOptionsOf(
  module: ChatModule,
  input: { lang?: unknown; enableMix?: unknown },
): SearchOptions | undefined {
  if (!chatModels[module].webSearch) return undefined;
  const lang = input.lang ?? METASO_DEFAULT_LANG;
  if (lang !== 0 && lang !== 1) {
    throw new AppError(ErrorCode.validation, validationMessage('lang', '只能是 0（回复中文）或 1（回复英文）'));
  }
  const enableMix = input.enableMix ?? METASO_DEFAULT_SCOPE;
  if (typeof enableMix !== 'boolean') {
    throw new AppError(ErrorCode.validation, validationMessage('enableMix', '必须是布尔值'));
  }
  return { lang, enableMix };
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** The system prompt of a web-search answer: numbered sources, [n] citation marks, reply language. */
export function webSearchSystemPrompt(sources: readonly Citation[], lang: 0 | 1): string {
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

/**
 * Generates a chat answer: builds the messages for the target from the stored turns (the last one
 * is the new question) and streams the model's answer, preceded by the sources it may cite. A
 * plain chat answer is the gateway's stream itself, not a generator around it: an open answer
 * holds each generator of its chain for as long as it streams.
 */
export function answerChat(
  llm: LlmGateway,
  target: ChatPromptTarget,
  turns: readonly ChatTurn[],
  signal?: AbortSignal,
): AsyncGenerator<LlmChunk> {
  const history: UpstreamMessage[] = llm.trimHistory(turns);
  const { module, modelType, temperature, search, checked } = target;
  const prompt = turns[turns.length - 1];
  // A missing or empty question is refused by the gateway before anything is searched.
  if (!search || !prompt || prompt.role !== 'user') {
    return llm.streamChat({ module, modelType, temperature, messages: history, signal, checked });
  }
  return answerFromSearch(llm, { module, modelType, temperature, search, checked }, prompt.content, history, signal);
}

async function* answerFromSearch(
  llm: LlmGateway,
  target: ChatPromptTarget & { search: SearchOptions },
  prompt: string,
  history: UpstreamMessage[],
  signal?: AbortSignal,
): AsyncGenerator<LlmChunk> {
  const { module, modelType, temperature, search, checked } = target;
  if (!checked) llm.checkPrompt(prompt);
  const found = await llm.searchWeb({ prompt, ...search }, signal);
  if (found.sources.length > 0) yield { type: 'citations', sources: found.sources };
  if (found.note) yield { type: 'content', text: `> ${found.note}\n\n` };
  const messages = [
    { role: 'system' as const, content: webSearchSystemPrompt(found.sources, search.lang) },
    ...history,
  ];
  yield* llm.streamChat({ module, modelType, temperature, messages, citations: found.sources, signal, checked });
}

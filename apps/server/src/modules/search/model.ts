import type { LlmGateway } from '../../services/llm';
import { clip } from './text';

/** Rough tokens of a text when the provider does not report usage: about two characters a token. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 2);
}

export interface ModelAnswer {
  text: string;
  tokens: number;
}

/**
 * The search service's one call into the model gateway: the configured task's model, or null when
 * none is configured (the caller then works without a model, and says so).
 */
export async function askModel(
  llm: LlmGateway,
  task: string,
  system: string,
  prompt: string,
  signal: AbortSignal,
): Promise<ModelAnswer | null> {
  if (llm.isTaskDemo(task)) return null;
  let text = '';
  let tokens = 0;
  for await (const chunk of llm.streamTask({
    task,
    system,
    messages: [{ role: 'user', content: prompt }],
    temperature: 0.2,
    signal,
    demo: () => '',
  })) {
    if (chunk.type === 'content') text += chunk.text;
    if (chunk.type === 'done' && chunk.usage) tokens = chunk.usage.total_tokens;
  }
  return { text, tokens: tokens || estimateTokens(system + prompt + text) };
}

export const PLAN_SYSTEM =
  '你是检索规划助手。把用户的问题拆成 2 到 4 条互补的搜索检索词，每行一条，只输出检索词本身，不要编号或解释。';

export const SUMMARY_SYSTEM = [
  '你是严谨的研究助手。只根据给出的编号来源回答问题，用中文 Markdown 写出总结。',
  '每一个事实句子末尾必须用 [n] 标注它出自哪个来源，n 只能是给出的来源编号；',
  '来源里没有的内容不要写，不要编造链接或编号。可以用 ### 小标题分节。',
].join('');

/** Characters of each source in the summary prompt: its best passage first, then its text. */
const PROMPT_CHARS_PER_SOURCE = 1_500;

/** The summary step's prompt: the question and the numbered sources its marks must point at. */
export function summaryPrompt(
  query: string,
  sources: readonly { idx: number; title: string; passage: string; content: string }[],
): string {
  return [
    `问题：${query}`,
    '',
    ...sources.map((s) => `[${s.idx}] ${s.title}\n${clip(`${s.passage}\n${s.content}`, PROMPT_CHARS_PER_SOURCE)}`),
  ].join('\n');
}

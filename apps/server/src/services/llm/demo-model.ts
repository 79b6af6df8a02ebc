import { chatModel, type ChatModule, type Citation } from '@portal/contract';
import { sleep } from './call-control';
import { LlmError } from './errors';
import type { LlmChunk } from './types';

export interface DemoInput {
  module: ChatModule;
  modelType: number;
  prompt: string;
  sources: readonly Citation[];
  signal?: AbortSignal;
  chunkDelayMs: number;
}

/** What everyone is told about the demo model; the setup steps are for administrators only. */
export const DEMO_MODEL_NOTICE = '管理员尚未接入模型服务';
export const DEMO_ANSWER_END = '管理员接入模型服务后，这里将显示真实的回答。';

const QUOTE_MAX_CHARS = 500;
const CHUNK_CHARS = 4;

function quote(text: string): string {
  const clipped = text.length > QUOTE_MAX_CHARS ? `${text.slice(0, QUOTE_MAX_CHARS)}…` : text;
  return clipped
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
}

function modelLabel(module: ChatModule, modelType: number): string {
  return chatModel(module, modelType)?.label ?? String(modelType);
}

export function demoAnswer(input: Pick<DemoInput, 'module' | 'modelType' | 'prompt' | 'sources'>): string {
  const { module, modelType, prompt, sources } = input;
  const lines = [
    `> **演示模型**：${DEMO_MODEL_NOTICE}，以下内容由内置的演示模型生成，仅用于体验界面。`,
    '',
    '### 你的问题',
    '',
    quote(prompt),
    '',
    '| 项目 | 内容 |',
    '| --- | --- |',
    `| 应用 | ${module} |`,
    `| 所选模型 | ${modelLabel(module, modelType)} |`,
    `| 问题长度 | ${prompt.length} 个字符 |`,
    '',
  ];
  if (sources.length > 0) {
    lines.push('### 可引用的来源', '');
    for (const source of sources) lines.push(`- ${source.title} [${source.index}]`);
    lines.push('');
  }
  // Stored answers are read by staff: how to connect a provider is told to administrators in
  // the portal (the 演示模型 tag) and the README, never here.
  lines.push(DEMO_ANSWER_END);
  return lines.join('\n');
}

function* pieces(text: string, size = CHUNK_CHARS): Generator<string> {
  const chars = Array.from(text);
  for (let i = 0; i < chars.length; i += size) yield chars.slice(i, i + size).join('');
}

/** Long module-built replies (JSON for structured tasks) arrive in at most this many pieces. */
const MAX_TASK_PIECES = 100;

/** The built-in model used when no provider is configured: clearly labelled, streamed in small pieces. */
export async function* streamDemo(input: DemoInput): AsyncGenerator<LlmChunk> {
  const emit = async function* (type: 'reasoning' | 'content', text: string): AsyncGenerator<LlmChunk> {
    for (const piece of pieces(text)) {
      try {
        await sleep(input.chunkDelayMs, input.signal);
      } catch (error) {
        throw new LlmError('aborted', { cause: error });
      }
      yield { type, text: piece };
    }
  };
  // Models whose real counterpart thinks aloud first (the contract marks them) show it here too.
  if (chatModel(input.module, input.modelType)?.reasoning) {
    yield* emit('reasoning', '这是演示模型展示的思考过程：先复述问题，再说明当前没有接入真实的模型服务。');
  }
  yield* emit('content', demoAnswer(input));
  yield { type: 'done', finishReason: 'stop' };
}

/** Streams a module-built demo reply in small pieces, like a model would. */
export async function* streamDemoText(
  text: string,
  chunkDelayMs: number,
  signal?: AbortSignal,
): AsyncGenerator<LlmChunk> {
  const size = Math.max(CHUNK_CHARS, Math.ceil(Array.from(text).length / MAX_TASK_PIECES));
  for (const piece of pieces(text, size)) {
    try {
      await sleep(chunkDelayMs, signal);
    } catch (error) {
      throw new LlmError('aborted', { cause: error });
    }
    yield { type: 'content', text: piece };
  }
  yield { type: 'done', finishReason: 'stop' };
}

import type { TokenUsage } from '@portal/contract';
import { z } from 'zod';
import type { ChatTurn, LlmChunk } from '../../services/llm';
import type { Structured } from './structured';

/*
 * One repair of a structured reply: when the model's JSON does not validate, it is asked once more
 * with the validation error and the expected schema. The first reply stays the answer's text while
 * the repair runs (it is what a stop, a crash or a second invalid reply leaves: plain text), and the
 * repaired reply only replaces it once it validates. Quota is counted per ask, before any model call,
 * so the repair never counts again.
 */

/** What a structured answer validates its reply against. */
export interface StructuredSpec<T> {
  /** The JSON the model must produce, shown to it as a JSON Schema when it has to repair a reply. */
  schema: z.ZodType;
  build(text: string): Structured<T>;
}

/** The follow-up turn that asks the model to repair its reply. */
export function repairInstruction(error: string, schema: z.ZodType): string {
  const jsonSchema = JSON.stringify(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }));
  return [
    '你上一条回复不是符合要求的 JSON，无法使用。校验错误：',
    error,
    '',
    '请只输出一个符合下面 JSON Schema 的 JSON 对象，不要输出任何其他文字或代码块标记：',
    jsonSchema,
  ].join('\n');
}

function addUsage(a?: TokenUsage, b?: TokenUsage): TokenUsage | undefined {
  if (!a || !b) return a ?? b;
  return {
    prompt_tokens: a.prompt_tokens + b.prompt_tokens,
    completion_tokens: a.completion_tokens + b.completion_tokens,
    total_tokens: a.total_tokens + b.total_tokens,
  };
}

export interface RepairingInput<T> {
  messages: ChatTurn[];
  /** One model call over these turns. */
  call(messages: ChatTurn[], signal: AbortSignal): AsyncIterable<LlmChunk>;
  spec?: StructuredSpec<T>;
  signal: AbortSignal;
  /** The first reply (`text`, in full) did not validate and the repair starts (stored and shown as such). */
  onRepair?(error: string, text: string): void | Promise<void>;
  /** The repair call itself failed: the first reply is kept as plain text. */
  onRepairFailed?(error: unknown): void;
  /** The validated structure, or null when the reply stays plain text. */
  onResult(result: T | null): void;
}

/**
 * The answer's chunks: the first reply streams as it is written; when it does not validate, one
 * repair call runs quietly (its text is never appended to the first) and its structure is the
 * result if it validates. One `done` chunk ends it all, with the usage of both calls.
 */
export async function* generateRepairing<T>(input: RepairingInput<T>): AsyncGenerator<LlmChunk> {
  const { spec, signal } = input;
  let text = '';
  let done: Extract<LlmChunk, { type: 'done' }> | undefined;
  for await (const chunk of input.call(input.messages, signal)) {
    if (chunk.type === 'done') {
      done = chunk;
      continue;
    }
    if (chunk.type === 'content') text += chunk.text;
    yield chunk;
  }
  const end = (last = done) => (last ? [last] : []);
  if (!spec) return yield* end();

  const first = spec.build(text);
  if (first.ok) {
    input.onResult(first.value);
    return yield* end();
  }
  await input.onRepair?.(first.error, text);
  const repairTurns: ChatTurn[] = [
    ...input.messages,
    { role: 'assistant', content: text },
    { role: 'user', content: repairInstruction(first.error, spec.schema) },
  ];
  let repaired = '';
  let repairDone: Extract<LlmChunk, { type: 'done' }> | undefined;
  try {
    for await (const chunk of input.call(repairTurns, signal)) {
      if (chunk.type === 'content') repaired += chunk.text;
      else if (chunk.type === 'done') repairDone = chunk;
    }
  } catch (error) {
    // A stop ends the answer as usual; a failed repair leaves the first reply as plain text.
    if (signal.aborted) throw error;
    input.onRepairFailed?.(error);
    input.onResult(null);
    return yield* end();
  }
  const second = spec.build(repaired);
  input.onResult(second.ok ? second.value : null);
  const finishReason = repairDone?.finishReason ?? done?.finishReason ?? 'stop';
  yield { type: 'done', finishReason, usage: addUsage(done?.usage, repairDone?.usage) };
}

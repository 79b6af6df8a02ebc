import type { TokenUsage } from '@portal/contract';
import type { CallControl } from './call-control';
import type { ModelTarget, ProviderConfig } from './config';
import { LlmError, toLlmError } from './errors';
import { EventStreamReader } from './event-stream-reader';
import type { ProviderHttp } from './provider-http';
import { ThinkTagSplitter } from './think-tags';
import type { LlmChunk, UpstreamMessage } from './types';

export interface UpstreamRequest {
  target: ModelTarget;
  provider: ProviderConfig;
  messages: UpstreamMessage[];
  temperature: number;
}

/** The part of an OpenAI `chat.completion.chunk` read here; providers may leave any of it out. */
interface CompletionChunk {
  choices?: {
    delta?: {
      content?: string | null;
      /** Not in the OpenAI schema: DeepSeek and vLLM send `reasoning_content`, others `reasoning`. */
      reasoning_content?: string | null;
      reasoning?: string | null;
    } | null;
    finish_reason?: string | null;
  }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number } | null;
}

function buildBody({ target, provider, messages, temperature }: UpstreamRequest) {
  return {
    model: target.model,
    messages,
    stream: true,
    ...(target.sendTemperature ? { temperature } : {}),
    ...(target.maxTokens ? { max_tokens: target.maxTokens } : {}),
    ...(provider.streamUsage ? { stream_options: { include_usage: true } } : {}),
  };
}

function toUsage(usage: CompletionChunk['usage']): TokenUsage | undefined {
  if (!usage) return undefined;
  return {
    prompt_tokens: usage.prompt_tokens ?? 0,
    completion_tokens: usage.completion_tokens ?? 0,
    total_tokens: usage.total_tokens ?? 0,
  };
}

/**
 * Streams one chat completion as gateway chunks. The idle clock runs only while waiting for
 * the provider, not while the consumer handles a chunk.
 */
export async function* streamUpstream(
  http: ProviderHttp,
  request: UpstreamRequest,
  control: CallControl,
): AsyncGenerator<LlmChunk> {
  let finishReason: string | undefined;
  let usage: TokenUsage | undefined;
  const splitter = request.target.thinkTags ? new ThinkTagSplitter() : undefined;
  let reader: EventStreamReader<CompletionChunk> | undefined;
  try {
    const response = await http.post('/chat/completions', buildBody(request), control.signal, 'text/event-stream');
    control.touch();
    reader = new EventStreamReader<CompletionChunk>(response, control);
    for (;;) {
      const chunk = reader.shift();
      if (chunk === undefined) {
        if (reader.done) break;
        await reader.wait();
        continue;
      }
      usage = toUsage(chunk.usage) ?? usage;
      const choice = chunk.choices?.[0];
      if (choice?.finish_reason) finishReason = choice.finish_reason;
      const delta = choice?.delta;
      const reasoning = delta?.reasoning_content ?? delta?.reasoning;
      const out: LlmChunk[] = [];
      if (reasoning) out.push({ type: 'reasoning', text: reasoning });
      if (delta?.content) {
        out.push(...(splitter ? splitter.push(delta.content) : [{ type: 'content' as const, text: delta.content }]));
      }
      if (out.length > 0) {
        control.pause();
        for (const item of out) yield item;
        control.touch();
      }
    }
  } catch (error) {
    throw toLlmError(error, control.cause);
  } finally {
    // The consumer left early or the stream failed: the provider's call is closed, not left running.
    if (reader && !reader.done) reader.close();
  }
  if (control.cause) throw toLlmError(undefined, control.cause);
  if (!finishReason) throw new LlmError('upstream', { message: '模型服务的回答中途断开，请重新提问' });
  if (splitter) yield* splitter.flush();
  yield { type: 'done', usage, finishReason };
}

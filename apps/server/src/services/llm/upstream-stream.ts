import type OpenAI from 'openai';
import { Stream } from 'openai/core/streaming';
import type { ChatCompletionChunk, ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';
import type { TokenUsage } from '@portal/contract';
import type { CallControl } from './call-control';
import type { ModelTarget, ProviderConfig } from './config';
import { LlmError, toLlmError } from './errors';
import { ThinkTagSplitter } from './think-tags';
import type { LlmChunk, UpstreamMessage } from './types';

export interface UpstreamRequest {
  target: ModelTarget;
  provider: ProviderConfig;
  messages: UpstreamMessage[];
  temperature: number;
}

/** Reasoning deltas are not in the OpenAI schema: DeepSeek and vLLM send `reasoning_content`, others `reasoning`. */
type ReasoningDelta = ChatCompletionChunk.Choice.Delta & {
  reasoning_content?: string | null;
  reasoning?: string | null;
};

function buildBody({ target, provider, messages, temperature }: UpstreamRequest): ChatCompletionCreateParamsStreaming {
  return {
    model: target.model,
    messages,
    stream: true,
    ...(target.sendTemperature ? { temperature } : {}),
    ...(target.maxTokens ? { max_tokens: target.maxTokens } : {}),
    ...(provider.streamUsage ? { stream_options: { include_usage: true } } : {}),
  };
}

function toUsage(usage: ChatCompletionChunk['usage']): TokenUsage | undefined {
  if (!usage) return undefined;
  return {
    prompt_tokens: usage.prompt_tokens ?? 0,
    completion_tokens: usage.completion_tokens ?? 0,
    total_tokens: usage.total_tokens ?? 0,
  };
}

/**
 * Any byte from the provider counts as life: DeepSeek, for one, sends SSE keep-alive comments
 * while a request waits in its queue, which the SDK's parser never surfaces.
 */
function observeActivity(response: Response, control: CallControl): Response {
  if (!response.body) return response;
  const body = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, output) {
        control.touch();
        output.enqueue(chunk);
      },
    }),
  );
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/**
 * Streams one chat completion as gateway chunks. The idle clock runs only while waiting for
 * the provider, not while the consumer handles a chunk.
 */
export async function* streamUpstream(
  client: OpenAI,
  request: UpstreamRequest,
  control: CallControl,
): AsyncGenerator<LlmChunk> {
  let finishReason: string | undefined;
  let usage: TokenUsage | undefined;
  const splitter = request.target.thinkTags ? new ThinkTagSplitter() : undefined;
  try {
    const response = await client.chat.completions.create(buildBody(request), { signal: control.signal }).asResponse();
    control.touch();
    const streamController = new AbortController();
    streamController.signal.addEventListener('abort', () => control.release(), { once: true });
    const stream = Stream.fromSSEResponse<ChatCompletionChunk>(observeActivity(response, control), streamController);
    for await (const chunk of stream) {
      usage = toUsage(chunk.usage) ?? usage;
      const choice = chunk.choices[0];
      if (choice?.finish_reason) finishReason = choice.finish_reason;
      const delta = choice?.delta as ReasoningDelta | undefined;
      const reasoning = delta?.reasoning_content ?? delta?.reasoning;
      const out: LlmChunk[] = [];
      if (reasoning) out.push({ type: 'reasoning', text: reasoning });
      if (delta?.content) {
        out.push(...(splitter ? splitter.push(delta.content) : [{ type: 'content' as const, text: delta.content }]));
      }
      if (out.length > 0) {
        control.pause();
        for (const item of out) yield item;
      }
      control.touch();
    }
  } catch (error) {
    throw toLlmError(error, control.cause);
  }
  // The SDK ends the iteration quietly when its signal aborts.
  if (control.cause) throw toLlmError(undefined, control.cause);
  if (!finishReason) throw new LlmError('upstream', { message: '模型服务的回答中途断开，请重新提问' });
  if (splitter) yield* splitter.flush();
  yield { type: 'done', usage, finishReason };
}

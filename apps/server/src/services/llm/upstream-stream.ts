import type { TokenUsage } from '@portal/contract';
import { CallControl, sleep } from './call-control';
import type { ModelTarget, ProviderConfig } from './config';
import { isRetryable, LlmError, toLlmError } from './errors';
import { EventStreamReader } from './event-stream-reader';
import type { ProviderHttp } from './provider-http';
import { ThinkTagSplitter } from './think-tags';
import type { LlmChunk, UpstreamMessage } from './types';

export interface UpstreamRequest {
  target: ModelTarget;
  provider: ProviderConfig;
  /**
   * Emptied by streamUpstream once the answer streams: only a retry sends them again, and none
   * comes after that. The history they hold can be far larger than the rest of an open answer.
   */
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

/** How one call is made: who may abort it, its idle timeout, and how often a failed start is tried again. */
export interface UpstreamCall {
  signal?: AbortSignal;
  idleTimeoutMs: number;
  retries: number;
}

const RETRY_DELAY_MS = 200;

/** The gateway chunks one completion chunk carries. */
function chunksOf(chunk: CompletionChunk, splitter: ThinkTagSplitter | undefined): LlmChunk[] {
  const delta = chunk.choices?.[0]?.delta;
  const reasoning = delta?.reasoning_content ?? delta?.reasoning;
  const out: LlmChunk[] = [];
  if (reasoning) out.push({ type: 'reasoning', text: reasoning });
  if (delta?.content) {
    out.push(...(splitter ? splitter.push(delta.content) : [{ type: 'content' as const, text: delta.content }]));
  }
  return out;
}

/**
 * Streams one chat completion as gateway chunks, trying a failed start again (nothing streamed
 * yet, a retryable failure) up to `call.retries` times. The idle clock runs only while waiting
 * for the provider, not while the consumer handles a chunk. One generator does all of it: every
 * generator in the chain between the provider and the answer is held for the answer's whole life.
 */
export async function* streamUpstream(
  http: ProviderHttp,
  request: UpstreamRequest,
  call: UpstreamCall,
): AsyncGenerator<LlmChunk> {
  for (let attempt = 0; ; attempt++) {
    const control = new CallControl(call.signal, call.idleTimeoutMs);
    let emitted = false;
    try {
      let finishReason: string | undefined;
      let usage: TokenUsage | undefined;
      const splitter = request.target.thinkTags ? new ThinkTagSplitter() : undefined;
      let reader: EventStreamReader<CompletionChunk> | undefined;
      try {
        const response = await http.post('/chat/completions', buildBody(request), control, 'text/event-stream');
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
          const finish = chunk.choices?.[0]?.finish_reason;
          if (finish) finishReason = finish;
          const out = chunksOf(chunk, splitter);
          if (out.length > 0) {
            control.pause();
            if (!emitted) request.messages = [];
            emitted = true;
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
      emitted = true;
      if (splitter) yield* splitter.flush();
      yield { type: 'done', usage, finishReason };
      return;
    } catch (error) {
      const failure = toLlmError(error, control.cause);
      if (emitted || attempt >= call.retries || !isRetryable(failure)) throw failure;
    } finally {
      control.dispose();
    }
    try {
      await sleep(RETRY_DELAY_MS * (attempt + 1), call.signal);
    } catch (error) {
      throw new LlmError('aborted', { cause: error });
    }
  }
}

import type { ChatModelEntry, ChatModule } from '@portal/contract';
import { ProviderClients, type Env } from './clients';
import { llmConfigSchema, type LlmConfig, type LlmConfigInput, type ModelTarget } from './config';
import { streamDemo, streamDemoText } from './demo-model';
import { LlmError } from './errors';
import { checkPrompt, trimHistory } from './limits';
import { listModels, resolveTarget, validateModelChoice, type ModelChoice, type ModelChoiceInput } from './models';
import { searchWeb, type SearchOutcome, type WebSearchQuery } from './search/web-search';
import type { ChatTurn, LlmChunk, StreamChatInput, StreamTaskInput, UpstreamMessage } from './types';
import { streamUpstream } from './upstream-stream';

export interface LlmGatewayOptions {
  /** Where `apiKeyEnv` and `headersFromEnv` are looked up; defaults to `process.env`. */
  env?: Env;
  /** Pause between demo-model pieces. */
  demoChunkDelayMs?: number;
}

export interface LlmGateway {
  readonly config: LlmConfig;
  validateModelChoice(module: string, input: ModelChoiceInput): ModelChoice;
  listModels(module: ChatModule): ChatModelEntry[];
  /** True when the built-in demo model answers for this choice. */
  isDemo(module: ChatModule, modelType: number): boolean;
  /** Throws an `invalid_request` LlmError for an empty or oversized prompt. */
  checkPrompt(prompt: string): void;
  trimHistory(turns: readonly ChatTurn[]): ChatTurn[];
  /** The configured web search; a missing or failing backend answers no sources and a note. */
  searchWeb(query: WebSearchQuery, signal?: AbortSignal): Promise<SearchOutcome>;
  /** Streams the answer of the target model to messages a module's prompt builder made. */
  streamChat(input: StreamChatInput): AsyncGenerator<LlmChunk>;
  /** True when no model is configured for the task, so the demo model answers it. */
  isTaskDemo(task: string): boolean;
  /** A module's own task (system prompt + turns) on the model configured for it, else its demo reply. */
  streamTask(input: StreamTaskInput): AsyncGenerator<LlmChunk>;
}

const UPSTREAM_ROLES: ReadonlySet<string> = new Set(['system', 'user', 'assistant']);

/** A stream that fails on its first `next()`. */
// eslint-disable-next-line require-yield
async function* failed(error: unknown): AsyncGenerator<LlmChunk> {
  throw error;
}

/** Messages as sent upstream: only known roles with text; anything else is dropped. */
function sanitizeMessages(messages: readonly UpstreamMessage[]): UpstreamMessage[] {
  return messages
    .filter((m) => UPSTREAM_ROLES.has(m.role) && typeof m.content === 'string')
    .map((m) => ({ role: m.role, content: m.content }));
}

export function createLlmGateway(
  providersConfig: LlmConfigInput | LlmConfig = {},
  options: LlmGatewayOptions = {},
): LlmGateway {
  const config = llmConfigSchema.parse(providersConfig);
  const env = options.env ?? process.env;
  const demoChunkDelayMs = options.demoChunkDelayMs ?? 15;
  const clients = new ProviderClients(config.endpoints, env);

  function streamProvider(
    target: ModelTarget,
    messages: UpstreamMessage[],
    input: Pick<StreamChatInput, 'signal' | 'idleTimeoutMs'>,
    temperature: number,
  ): AsyncGenerator<LlmChunk> {
    const provider = config.endpoints[target.provider]!;
    const call = {
      signal: input.signal,
      idleTimeoutMs: input.idleTimeoutMs ?? provider.idleTimeoutMs,
      retries: provider.retries,
    };
    return streamUpstream(clients.get(target.provider), { target, provider, messages, temperature }, call);
  }

  /**
   * Streams return the generator that produces the chunks itself rather than wrapping it in one
   * more: an open answer holds every generator of its chain. Checks run when the stream is asked
   * for, and a refusal still surfaces on the first `next()`, as it would from a generator.
   */
  function streamChat(input: StreamChatInput): AsyncGenerator<LlmChunk> {
    let valid: ModelChoice;
    let messages: UpstreamMessage[];
    let prompt: UpstreamMessage | undefined;
    try {
      valid = input.checked
        ? { module: input.module, modelType: input.modelType, temperature: input.temperature }
        : validateModelChoice(config, input.module, { model_type: input.modelType, temperature: input.temperature });
      messages = sanitizeMessages(input.messages);
      prompt = messages[messages.length - 1];
      if (!prompt || prompt.role !== 'user') throw new LlmError('invalid_request', { message: '缺少用户的问题' });
      if (!input.checked) checkPrompt(prompt.content, config.limits);
      if (input.signal?.aborted) throw new LlmError('aborted');
    } catch (error) {
      return failed(error);
    }

    const target = resolveTarget(config, valid.module, valid.modelType);
    if (!target && input.demo) return streamDemoText(input.demo(), demoChunkDelayMs, input.signal);
    if (!target) {
      return streamDemo({
        module: valid.module,
        modelType: valid.modelType,
        prompt: prompt.content,
        sources: input.citations ?? [],
        signal: input.signal,
        chunkDelayMs: demoChunkDelayMs,
      });
    }
    return streamProvider(target, messages, input, valid.temperature);
  }

  function streamTask(input: StreamTaskInput): AsyncGenerator<LlmChunk> {
    if (input.signal?.aborted) return failed(new LlmError('aborted'));
    const target = Object.hasOwn(config.tasks, input.task) ? config.tasks[input.task] : undefined;
    if (!target) return streamDemoText(input.demo(), demoChunkDelayMs, input.signal);
    const turns = trimHistory(input.messages, config.limits.maxHistoryChars);
    const messages = sanitizeMessages([{ role: 'system', content: input.system }, ...turns]);
    return streamProvider(target, messages, input, input.temperature ?? 0.7);
  }

  return {
    config,
    validateModelChoice: (module, input) => validateModelChoice(config, module, input),
    isTaskDemo: (task) => !Object.hasOwn(config.tasks, task),
    streamTask,
    listModels: (module) => listModels(config, module),
    isDemo: (module, modelType) => !resolveTarget(config, module, modelType),
    checkPrompt: (prompt) => checkPrompt(prompt, config.limits),
    trimHistory: (turns) => trimHistory(turns, config.limits.maxHistoryChars),
    searchWeb: (query, signal) => searchWeb({ ...query, search: config.search, env, signal }),
    streamChat,
  };
}

import type { ChatModelEntry, ChatModule } from '@portal/contract';
import { CallControl, sleep } from './call-control';
import { ProviderClients, type Env } from './clients';
import { llmConfigSchema, type LlmConfig, type LlmConfigInput, type ModelTarget } from './config';
import { streamDemo, streamDemoText } from './demo-model';
import { isRetryable, LlmError, toLlmError } from './errors';
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

const RETRY_DELAY_MS = 200;

const UPSTREAM_ROLES: ReadonlySet<string> = new Set(['system', 'user', 'assistant']);

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

  async function* streamProvider(
    target: ModelTarget,
    messages: UpstreamMessage[],
    input: Pick<StreamChatInput, 'signal' | 'idleTimeoutMs'>,
    temperature: number,
  ) {
    const provider = config.endpoints[target.provider]!;
    const client = clients.get(target.provider);
    const idleTimeoutMs = input.idleTimeoutMs ?? provider.idleTimeoutMs;
    for (let attempt = 0; ; attempt++) {
      const control = new CallControl(input.signal, idleTimeoutMs);
      let emitted = false;
      try {
        for await (const chunk of streamUpstream(client, { target, provider, messages, temperature }, control)) {
          emitted = true;
          yield chunk;
        }
        return;
      } catch (error) {
        const failure = toLlmError(error, control.cause);
        if (emitted || attempt >= provider.retries || !isRetryable(failure)) throw failure;
      } finally {
        control.dispose();
      }
      try {
        await sleep(RETRY_DELAY_MS * (attempt + 1), input.signal);
      } catch (error) {
        throw new LlmError('aborted', { cause: error });
      }
    }
  }

  async function* streamChat(input: StreamChatInput): AsyncGenerator<LlmChunk> {
    const valid = validateModelChoice(config, input.module, {
      model_type: input.modelType,
      temperature: input.temperature,
    });
    const messages = sanitizeMessages(input.messages);
    const prompt = messages[messages.length - 1];
    if (!prompt || prompt.role !== 'user') throw new LlmError('invalid_request', { message: '缺少用户的问题' });
    checkPrompt(prompt.content, config.limits);
    if (input.signal?.aborted) throw new LlmError('aborted');

    const target = resolveTarget(config, valid.module, valid.modelType);
    if (!target && input.demo) {
      yield* streamDemoText(input.demo(), demoChunkDelayMs, input.signal);
      return;
    }
    if (!target) {
      yield* streamDemo({
        module: valid.module,
        modelType: valid.modelType,
        prompt: prompt.content,
        sources: input.citations ?? [],
        signal: input.signal,
        chunkDelayMs: demoChunkDelayMs,
      });
      return;
    }
    yield* streamProvider(target, messages, input, valid.temperature);
  }

  async function* streamTask(input: StreamTaskInput): AsyncGenerator<LlmChunk> {
    if (input.signal?.aborted) throw new LlmError('aborted');
    const target = Object.hasOwn(config.tasks, input.task) ? config.tasks[input.task] : undefined;
    if (!target) {
      yield* streamDemoText(input.demo(), demoChunkDelayMs, input.signal);
      return;
    }
    const turns = trimHistory(input.messages, config.limits.maxHistoryChars);
    const messages = sanitizeMessages([{ role: 'system', content: input.system }, ...turns]);
    yield* streamProvider(target, messages, input, input.temperature ?? 0.7);
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

import { chatModels, type ChatModelEntry, type ChatModule } from '@portal/contract';
import { CallControl, sleep } from './call-control';
import { ProviderClients, type Env } from './clients';
import { llmConfigSchema, type LlmConfig, type LlmConfigInput, type ModelTarget } from './config';
import { streamDemo, streamDemoText } from './demo-model';
import { isRetryable, LlmError, toLlmError } from './errors';
import { checkPrompt, trimHistory } from './limits';
import { metasoSystemPrompt, searchSources, type SearchOutcome } from './metaso';
import { listModels, resolveTarget, validateChatOptions, type ChatOptionsInput, type ValidChatOptions } from './models';
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
  validateChatOptions(module: string, input: ChatOptionsInput): ValidChatOptions;
  listModels(module: ChatModule): ChatModelEntry[];
  /** True when the built-in demo model answers for this choice. */
  isDemo(module: ChatModule, modelType: number): boolean;
  /** Throws an `invalid_request` LlmError for an empty or oversized prompt. */
  checkPrompt(prompt: string): void;
  trimHistory(turns: readonly ChatTurn[]): ChatTurn[];
  streamChat(input: StreamChatInput): AsyncGenerator<LlmChunk>;
  /** True when no model is configured for the task, so the demo model answers it. */
  isTaskDemo(task: string): boolean;
  /** A module's own task (system prompt + turns) on the model configured for it, else its demo reply. */
  streamTask(input: StreamTaskInput): AsyncGenerator<LlmChunk>;
}

const RETRY_DELAY_MS = 200;

/** History as sent upstream: only user and assistant turns with text; anything else is dropped. */
function sanitizeTurns(turns: readonly ChatTurn[]): ChatTurn[] {
  return turns
    .filter((t) => (t.role === 'user' || t.role === 'assistant') && typeof t.content === 'string')
    .map((t) => ({ role: t.role, content: t.content }));
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
    const valid = validateChatOptions(config, input.module, {
      model_type: input.modelType,
      temperature: input.temperature,
      lang: input.options?.lang,
      enableMix: input.options?.enableMix,
    });
    const turns = sanitizeTurns(input.messages);
    const prompt = turns[turns.length - 1];
    if (!prompt || prompt.role !== 'user') throw new LlmError('invalid_request', { message: '缺少用户的问题' });
    checkPrompt(prompt.content, config.limits);
    if (input.signal?.aborted) throw new LlmError('aborted');

    const history = trimHistory(turns, config.limits.maxHistoryChars);
    const messages: UpstreamMessage[] = [...history];
    let search: SearchOutcome = { sources: [] };
    // Modules that answer from a web search get numbered sources and a system prompt citing them.
    if (chatModels[valid.module].webSearch) {
      search = await searchSources({
        search: config.search,
        env,
        prompt: prompt.content,
        lang: valid.options.lang,
        enableMix: valid.options.enableMix,
        signal: input.signal,
      });
      messages.unshift({ role: 'system', content: metasoSystemPrompt(search.sources, valid.options.lang) });
      if (search.sources.length > 0) yield { type: 'citations', sources: search.sources };
      if (search.note) yield { type: 'content', text: `> ${search.note}\n\n` };
    }

    const target = resolveTarget(config, valid.module, valid.modelType);
    if (!target) {
      yield* streamDemo({
        module: valid.module,
        modelType: valid.modelType,
        prompt: prompt.content,
        sources: search.sources,
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
    const turns = trimHistory(sanitizeTurns(input.messages), config.limits.maxHistoryChars);
    const messages: UpstreamMessage[] = [{ role: 'system', content: input.system }, ...turns];
    yield* streamProvider(target, messages, input, input.temperature ?? 0.7);
  }

  return {
    config,
    isTaskDemo: (task) => !Object.hasOwn(config.tasks, task),
    streamTask,
    validateChatOptions: (module, input) => validateChatOptions(config, module, input),
    listModels: (module) => listModels(config, module),
    isDemo: (module, modelType) => !resolveTarget(config, module, modelType),
    checkPrompt: (prompt) => checkPrompt(prompt, config.limits),
    trimHistory: (turns) => trimHistory(turns, config.limits.maxHistoryChars),
    streamChat,
  };
}

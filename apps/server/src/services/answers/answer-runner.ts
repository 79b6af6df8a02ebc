import type { MessageStatus, TokenUsage } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { LlmChunk } from '../llm';
import type { AnswerRegistry } from './answer-registry';
import type { GenerationLeases } from './generation-leases';
import { ProgressWriter } from './progress-writer';
import type { AnswerState, AnswerStore, StopReason } from './types';

export interface AnswerRunnerOptions {
  /** How often the owner renews its lease and reads the stop flag. */
  renewMs: number;
}

export interface RunAnswerInput {
  store: AnswerStore;
  messageId: string;
  /** A growing answer is saved at least this often, or once this many characters arrived. */
  persist: { intervalMs: number; chars: number };
  /** The model's chunks; the runner aborts `signal` to stop them. */
  generate(signal: AbortSignal): AsyncIterable<LlmChunk>;
  /** The transport: sees each chunk after the state took it in (an event stream writes it out). */
  onChunk?(chunk: LlmChunk, state: AnswerState): void;
  /** Stops the generation from outside (an event-stream client that left). */
  signal?: AbortSignal;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

export interface AnswerOutcome {
  status: Exclude<MessageStatus, 'generating'>;
  state: AnswerState;
  stopReason?: StopReason;
  finishReason?: string;
  usage?: TokenUsage;
  /** Why a generation ended incomplete, when it failed. */
  error?: unknown;
}

/**
 * Generates one answer whatever the transport: claims the generation's lease, feeds the model's
 * chunks into the answer state, saves progress, answers stop requests from any replica and sets
 * the final status (done, aborted, incomplete). The question was stored before; the transport
 * decides what the client sees.
 */
export class AnswerRunner {
  constructor(
    private readonly leases: GenerationLeases,
    readonly registry: AnswerRegistry,
    private readonly options: AnswerRunnerOptions,
  ) {}

  async run(input: RunAnswerInput): Promise<AnswerOutcome> {
    const { store, messageId, log } = input;
    const controller = new AbortController();
    let stopReason: StopReason | undefined;
    const stop = (reason: StopReason) => {
      stopReason ??= reason;
      controller.abort();
    };
    if (input.signal?.aborted) stop('client');
    input.signal?.addEventListener('abort', () => stop('client'), { once: true });

    let resolveDone!: () => void;
    this.registry.add(messageId, { stop, done: new Promise((r) => (resolveDone = r)) });

    const state: AnswerState = { content: '', reasoning: '' };
    const progress = new ProgressWriter(store, messageId, input.persist.intervalMs, input.persist.chars, (error) =>
      log.warn({ err: error }, 'saving a partial answer failed'),
    );
    let renewTimer: NodeJS.Timeout | undefined;
    let finishReason: string | undefined;
    let usage: TokenUsage | undefined;
    try {
      const claimed = await this.leases.claim(messageId, store.kind);
      if (claimed.stopRequested) stop('client');
      renewTimer = setInterval(() => {
        this.leases.renew(messageId).then(
          (r) => r.stopRequested && stop('client'),
          (error: unknown) => log.warn({ err: error }, 'renewing a generation lease failed'),
        );
      }, this.options.renewMs);
      renewTimer.unref();

      if (controller.signal.aborted) throw new Error('stopped before it started');
      for await (const chunk of input.generate(controller.signal)) {
        if (chunk.type === 'content') state.content += chunk.text;
        else if (chunk.type === 'reasoning') state.reasoning += chunk.text;
        else if (chunk.type === 'citations') state.citations = chunk.sources;
        else {
          finishReason = chunk.finishReason;
          usage = chunk.usage;
        }
        input.onChunk?.(chunk, state);
        if (chunk.type !== 'done') progress.offer(state);
        // A stop that lands while the model is between chunks still ends the answer here.
        if (controller.signal.aborted) throw new Error('stopped');
      }
      await progress.settle();
      await store.finish(messageId, 'done', state, finishReason);
      return { status: 'done', state, finishReason, usage };
    } catch (error) {
      await progress.settle();
      const status = stopReason === 'client' ? 'aborted' : 'incomplete';
      await store.finish(messageId, status, state).catch((e: unknown) => {
        log.error({ err: e }, 'saving an interrupted answer failed');
      });
      return { status, state, stopReason, error };
    } finally {
      clearInterval(renewTimer);
      await this.leases.release(messageId).catch((e: unknown) => log.warn({ err: e }, 'releasing a lease failed'));
      resolveDone();
    }
  }
}

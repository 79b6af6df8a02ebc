import type { MessageStatus, TokenUsage } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { LlmChunk } from '../llm';
import type { AnswerRegistry } from './answer-registry';
import type { GenerationLeases } from './generation-leases';
import { ProgressWriter } from './progress-writer';
import type { AnswerState, AnswerStore, StopReason } from './types';

export interface AnswerRunnerOptions {
  /** How often the owner renews its leases and reads the stop flags. */
  renewMs: number;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

export interface RunAnswerInput {
  store: AnswerStore;
  messageId: string;
  /** A growing answer is saved at least this often, or once this many characters arrived. */
  persist: { intervalMs: number; chars: number };
  /** The model's chunks; the runner aborts `signal` to stop them. */
  generate(signal: AbortSignal): AsyncIterable<LlmChunk>;
  /**
   * The controller of a model call that started before the run (an EarlyGeneration): the run
   * stops that call through it instead of a controller of its own.
   */
  controller?: AbortController;
  /** The transport: sees each chunk after the state took it in (an event stream writes it out). */
  onChunk?(chunk: LlmChunk, state: AnswerState): void;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /**
   * The answer row was created by this very request, so no other process can hold its lease:
   * the model call starts while the lease is written instead of after it (time to first token).
   * Jobs, which another replica may have started, never set this.
   */
  claimAlongside?: boolean;
  /**
   * The statement that created the answer row took its lease too (GenerationLeases.claimantFor),
   * so nothing is claimed here: the model call starts with no statement before its first token.
   */
  claimed?: boolean;
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

class OwnedElsewhere extends Error {}

/** The claim of an answer whose lease its creating statement took: new, so nothing asked it to stop. */
const TAKEN_WITH_ROW = { claimed: true, stopRequested: false };

/**
 * Generates one answer whatever the transport: claims the generation's lease, feeds the model's
 * chunks into the answer state, saves progress, answers stop requests from any replica and sets
 * the final status (done, aborted, incomplete). The question was stored before; the transport
 * decides what the client sees.
 */
export class AnswerRunner {
  /** The generations this process owns, with how to stop each: renewed together by one timer. */
  private readonly owned = new Map<string, () => void>();
  private renewTimer: NodeJS.Timeout | undefined;
  private renewing = false;

  constructor(
    private readonly leases: GenerationLeases,
    readonly registry: AnswerRegistry,
    private readonly options: AnswerRunnerOptions,
  ) {}

  private own(messageId: string, stop: () => void): void {
    this.owned.set(messageId, stop);
    if (this.renewTimer) return;
    this.renewTimer = setInterval(() => void this.renewOwned(), this.options.renewMs);
    this.renewTimer.unref();
  }

  private disown(messageId: string): void {
    this.owned.delete(messageId);
    if (this.owned.size > 0 || !this.renewTimer) return;
    clearInterval(this.renewTimer);
    this.renewTimer = undefined;
  }

  private async renewOwned(): Promise<void> {
    // A slow database must not pile renewals up: the next tick tries again.
    if (this.renewing) return;
    this.renewing = true;
    try {
      for (const messageId of await this.leases.renewAll()) this.owned.get(messageId)?.();
    } catch (error) {
      this.options.log.warn({ err: error }, 'renewing generation leases failed');
    } finally {
      this.renewing = false;
    }
  }

  async run(input: RunAnswerInput): Promise<AnswerOutcome> {
    const { store, messageId, log } = input;
    const controller = input.controller ?? new AbortController();
    let stopReason: StopReason | undefined;
    const stop = (reason: StopReason) => {
      stopReason ??= reason;
      controller.abort();
    };

    const state: AnswerState = { content: '', reasoning: '' };
    let resolveDone!: () => void;
    this.registry.add(messageId, { stop, done: new Promise((r) => (resolveDone = r)), state });

    const progress = new ProgressWriter(store, messageId, input.persist.intervalMs, input.persist.chars, (error) =>
      log.warn({ err: error }, 'saving a partial answer failed'),
    );
    let finishReason: string | undefined;
    let usage: TokenUsage | undefined;
    const claiming = input.claimed ? Promise.resolve(TAKEN_WITH_ROW) : this.leases.claim(messageId, store.kind);
    // Settled in `finally` whatever happens, so a claim that fails is never left unobserved.
    claiming.catch(() => undefined);
    let claimChecked = false;
    const checkClaim = async () => {
      if (claimChecked) return;
      claimChecked = true;
      const claimed = await claiming;
      if (!claimed.claimed) throw new OwnedElsewhere();
      if (claimed.stopRequested) stop('client');
      this.own(messageId, () => stop('client'));
    };
    try {
      if (!input.claimAlongside) await checkClaim();
      if (controller.signal.aborted) throw new Error('stopped before it started');
      for await (const chunk of input.generate(controller.signal)) {
        await checkClaim();
        if (chunk.type === 'content') state.content += chunk.text;
        else if (chunk.type === 'reasoning') state.reasoning += chunk.text;
        else if (chunk.type === 'citations') state.citations = chunk.sources;
        else {
          finishReason = chunk.finishReason;
          usage = chunk.usage;
        }
        input.onChunk?.(chunk, state);
        this.registry.chunk(messageId, chunk);
        if (chunk.type !== 'done') progress.offer(state);
        // A stop that lands while the model is between chunks still ends the answer here.
        if (controller.signal.aborted) throw new Error('stopped');
      }
      await checkClaim();
      await progress.settle();
      await store.finish(messageId, 'done', state, finishReason);
      return { status: 'done', state, finishReason, usage };
    } catch (error) {
      if (error instanceof OwnedElsewhere) {
        controller.abort();
        // Another process started this answer (a retried job): its owner's sweep closes it.
        return { status: 'incomplete', state, error: new Error('generation owned elsewhere') };
      }
      await progress.settle();
      const status = stopReason === 'client' ? 'aborted' : 'incomplete';
      await store.finish(messageId, status, state).catch((e: unknown) => {
        log.error({ err: e }, 'saving an interrupted answer failed');
      });
      return { status, state, stopReason, error };
    } finally {
      await claiming.catch(() => undefined);
      this.disown(messageId);
      await this.leases.release(messageId).catch((e: unknown) => log.warn({ err: e }, 'releasing a lease failed'));
      resolveDone();
    }
  }
}

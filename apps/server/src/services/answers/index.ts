import type { MessageStatus } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { ProcessIdentity } from '../../lib/process-identity';
import { AnswerRegistry } from './answer-registry';
import { AnswerRunner } from './answer-runner';
import type { AnswersConfig } from './config';
import { GenerationLeases } from './generation-leases';
import { followAnswer, type FollowAnswerInput } from './follow-transport';
import { runAnswerJob, type AnswerJobInput } from './job-transport';
import { stopAnswer, type StoppableStore } from './stop-answer';
import type { AnswerStore } from './types';

export { AnswerRunner, type AnswerOutcome, type RunAnswerInput } from './answer-runner';
export { AnswerTableStore, type AnswerColumns, type AnswerTable, type AnswerTableSpec } from './answer-table-store';
export { answerPersistConfig, answersConfigSchema, persistOf, type AnswersConfig } from './config';
export { EarlyGeneration } from './early-generation';
export { streamAnswer, type StreamAnswerInput } from './stream-transport';
export type { AnswerJobInput } from './job-transport';
export type { StoredAnswer } from './follow-transport';
export type { StoppableStore } from './stop-answer';
export { answerFailure, SHUTDOWN_MESSAGE } from './failure';
export type { AnswerState, AnswerStore, StopReason } from './types';
export type { LeaseClaimant } from './generation-leases';

export type Answers = ReturnType<typeof createAnswers>;

/**
 * Everything modules share to generate answers: the runner, the stores that hold answers (each
 * module registers its own) and the sweep that closes the answers of dead owners.
 */
export function createAnswers(db: Db, me: ProcessIdentity, config: AnswersConfig, log: FastifyBaseLogger) {
  const leases = new GenerationLeases(db, me, config.lease_ms);
  const registry = new AnswerRegistry();
  const runner = new AnswerRunner(leases, registry, { renewMs: config.renew_ms, log });
  const stores = new Map<string, AnswerStore>();
  let timer: NodeJS.Timeout | undefined;

  async function sweep(): Promise<void> {
    try {
      const dead = await leases.sweepDead();
      for (const [kind, ids] of dead) await stores.get(kind)?.markIncomplete(ids);
    } catch (error) {
      log.warn({ err: error }, 'sweeping dead generations failed');
    }
  }

  /**
   * Asks an answer to stop: at once when this process generates it, otherwise through the flag
   * its owner reads at its next lease renewal.
   */
  async function requestStop(store: AnswerStore, messageId: string): Promise<void> {
    if (registry.stop(messageId, 'client')) return;
    await leases.requestStop(messageId, store.kind);
  }

  return {
    runner,
    registry,
    leases,
    registerStore(store: AnswerStore): void {
      stores.set(store.kind, store);
    },
    requestStop,
    /**
     * Streams an answer being generated to a page that came back to it, live or from the stored
     * answer, until it is final (follow-transport.ts). The caller checked the answer is the user's.
     */
    follow: (input: Omit<FollowAnswerInput, 'pollMs'>) =>
      followAnswer(registry, { ...input, pollMs: config.follow_poll_ms }),
    /** Generates an asynchronous answer as a job (job-transport.ts). */
    runJob: (input: AnswerJobInput) => runAnswerJob(registry, input),
    /** Stops a user's answer across replicas and answers its row once final (stop-answer.ts). */
    stopAnswer: <Row extends { status: MessageStatus }>(store: StoppableStore<Row>, messageId: string, found: Row) =>
      stopAnswer(store, messageId, found, { leases, requestStop }),
    sweep,
    /** The first sweep closes what a previous incarnation of this replica left generating. */
    async start(): Promise<void> {
      await sweep();
      timer = setInterval(() => void sweep(), config.sweep_ms);
      timer.unref();
    },
    async stop(): Promise<void> {
      clearInterval(timer);
      await registry.stopAll();
    },
  };
}

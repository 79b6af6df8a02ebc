import type { FastifyBaseLogger } from 'fastify';
import { LlmError } from '../llm';
import type { AnswerRegistry } from './answer-registry';
import type { AnswerOutcome } from './answer-runner';

export interface AnswerJobInput {
  messageId: string;
  /** The job's signal: aborted when this process shuts down. */
  signal: AbortSignal;
  log: Pick<FastifyBaseLogger, 'error'>;
  /** Logged with an unexpected failure. */
  what: string;
  /** Generates the answer through the runner. */
  run(): Promise<AnswerOutcome>;
}

/**
 * Job transport: generates an asynchronous answer on whichever replica took its job (the client
 * reads it with getCompletion). A shutdown stops and saves it as incomplete; a failure that is not
 * the provider's own is logged. Answers the job's status.
 */
export async function runAnswerJob(registry: AnswerRegistry, input: AnswerJobInput): Promise<{ status: string }> {
  const stopOnShutdown = () => registry.stop(input.messageId, 'shutdown');
  input.signal.addEventListener('abort', stopOnShutdown, { once: true });
  try {
    const outcome = await input.run();
    if (outcome.status === 'incomplete' && !(outcome.error instanceof LlmError) && outcome.stopReason !== 'shutdown') {
      input.log.error({ err: outcome.error }, input.what);
    }
    return { status: outcome.status };
  } finally {
    input.signal.removeEventListener('abort', stopOnShutdown);
  }
}

import type { AsyncAskResponse } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import { persistOf } from '../../services/answers';
import { generateAnswer, jobOf } from './answer-generation';
import { CHAT_ANSWER_JOB, type AskServiceDeps, type ChatAnswerJob, type PreparedAsk } from './ask-types';

export type AnswerJobDeps = Pick<AskServiceDeps, 'llm' | 'messages' | 'answers' | 'jobs' | 'config'>;

export interface AnswerJobRun {
  job: ChatAnswerJob;
  /** The job's signal: aborted when this process shuts down. */
  signal: AbortSignal;
  log: FastifyBaseLogger;
}

/** Asynchronous transport: queues the generation as a job and answers the ids at once. */
export async function queueChatAnswer(deps: Pick<AnswerJobDeps, 'jobs'>, ask: PreparedAsk): Promise<AsyncAskResponse> {
  await deps.jobs.send(CHAT_ANSWER_JOB, jobOf(ask));
  return {
    conv_id: ask.conversation.id,
    message_id: ask.answer.id,
    user_message_id: ask.question.id,
    ...(ask.title ? { title: ask.title } : {}),
  };
}

/** Runs an asynchronous answer's job, on whichever replica took it. */
export async function runChatAnswerJob(
  deps: AnswerJobDeps,
  { job, signal, log }: AnswerJobRun,
): Promise<{ status: string }> {
  // A retried job whose answer was already closed (stopped, or its first worker died) is done.
  const current = await deps.messages.status(job.answerId);
  if (current !== 'generating') return { status: current ?? 'gone' };
  return deps.answers.runJob({
    messageId: job.answerId,
    signal,
    log,
    what: 'asynchronous answer failed',
    run: () =>
      deps.answers.runner.run({
        store: deps.messages,
        messageId: job.answerId,
        persist: persistOf(deps.config),
        log,
        generate: (s) => generateAnswer(deps, job, s),
      }),
  });
}

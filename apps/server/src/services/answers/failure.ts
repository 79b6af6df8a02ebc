import { ErrorCode, ErrorMessage, type ErrorCodeValue } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import { LlmError } from '../llm';
import type { AnswerOutcome } from './answer-runner';

/** Told to the user whose answer the server stopped on its way down. */
export const SHUTDOWN_MESSAGE = '服务正在重启，回答已中断，请稍后重新提问';

/**
 * The `error` event of an answer stream that ended without finishing: the provider's own Chinese
 * message, the restart notice, or the generic upstream message for anything unexpected (which is
 * logged as `what`). Undefined when the answer finished or the client itself stopped it.
 */
export function answerFailure(
  outcome: AnswerOutcome,
  log: Pick<FastifyBaseLogger, 'error'>,
  what: string,
): { message: string; code: ErrorCodeValue } | undefined {
  if (outcome.status === 'done' || outcome.stopReason === 'client') return undefined;
  const error = outcome.error;
  if (!(error instanceof LlmError)) log.error({ err: error }, what);
  if (outcome.stopReason === 'shutdown') {
    return { message: SHUTDOWN_MESSAGE, code: error instanceof LlmError ? error.code : ErrorCode.upstream };
  }
  if (error instanceof LlmError) return { message: error.message, code: error.code };
  return { message: ErrorMessage.upstream, code: ErrorCode.upstream };
}

import { ErrorCode, ErrorMessage, REQUEST_ID_HEADER, validationMessage, type ErrorCodeValue } from '@portal/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify';
import { ZodError } from 'zod';
import { isDatabaseUnavailable } from '../db/connection-errors';
import { AppError } from '../errors/app-error';
import { failure } from '../lib/envelope';

/** Seconds a client (or load balancer) is told to wait before retrying while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Framework 4xx errors mapped onto the catalogue; their internals never reach the client. */
function codeForStatus(status: number): { code: ErrorCodeValue; message: string } {
  switch (status) {
    case 401:
      return { code: ErrorCode.notSignedIn, message: ErrorMessage.notSignedIn };
    case 403:
      return { code: ErrorCode.forbidden, message: ErrorMessage.forbiddenApp };
    case 404:
      return { code: ErrorCode.notFound, message: ErrorMessage.notFound };
    case 413:
      return { code: ErrorCode.tooLarge, message: ErrorMessage.tooLarge };
    case 429:
      return { code: ErrorCode.rateLimited, message: ErrorMessage.rateLimited };
    default:
      return { code: ErrorCode.validation, message: validationMessage('', '请求格式不正确') };
  }
}

/** The one error handler: every failure leaves as `{code, message, data: null}`; 5xx details stay in the log. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      return reply.code(error.statusCode).headers(error.headers).send(failure(error.code, error.message));
    }
    if (error instanceof ZodError) {
      const issue = error.issues[0];
      const field = issue ? issue.path.map(String).join('.') : '';
      return reply
        .code(400)
        .send(failure(ErrorCode.validation, validationMessage(field, issue?.message ?? '格式不正确')));
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'request rejected');
      const mapped = codeForStatus(status);
      return reply.code(status).send(failure(mapped.code, mapped.message));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'request failed: the database is unavailable');
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send(failure(ErrorCode.unavailable, ErrorMessage.databaseUnavailable));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(failure(ErrorCode.internal, ErrorMessage.internal));
  });
}

/**
 * Errors raised before routing (a malformed escape such as `/api/x%`, an over-long parameter) skip
 * the error handler; Fastify hands them here instead of answering with its own body.
 */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (error, request, reply) => {
  request.log.info({ err: error }, 'request rejected before routing');
  const status: number = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  void (reply as FastifyReply)
    .code(status)
    .header(REQUEST_ID_HEADER, request.id)
    .send(failure(ErrorCode.validation, validationMessage('', '请求地址格式不正确')));
};

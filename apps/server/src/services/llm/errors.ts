import type { IncomingHttpHeaders } from 'node:http';
import { ErrorCode, ErrorMessage, type ErrorCodeValue } from '@portal/contract';
import { ProviderConnectionError, ProviderResponseError, ProviderTimeoutError } from './provider-errors';

export type LlmErrorKind = 'rate_limited' | 'upstream' | 'timeout' | 'aborted' | 'invalid_request';

const codeOfKind: Record<LlmErrorKind, ErrorCodeValue> = {
  rate_limited: ErrorCode.rateLimited,
  upstream: ErrorCode.upstream,
  timeout: ErrorCode.upstream,
  aborted: ErrorCode.upstream,
  invalid_request: ErrorCode.validation,
};

const defaultMessage: Record<LlmErrorKind, string> = {
  rate_limited: '模型服务请求过于频繁，请稍后再试',
  upstream: ErrorMessage.upstream,
  timeout: ErrorMessage.streamTimeout,
  aborted: '回答已停止',
  invalid_request: '请求参数不合法',
};

export interface LlmErrorOptions {
  message?: string;
  status?: number;
  code?: ErrorCodeValue;
  retryAfterMs?: number;
  cause?: unknown;
}

/** Every failure of the gateway; `message` is safe to show to the user, `cause` is for logs. */
export class LlmError extends Error {
  readonly kind: LlmErrorKind;
  readonly code: ErrorCodeValue;
  readonly status?: number;
  readonly retryAfterMs?: number;

  constructor(kind: LlmErrorKind, options: LlmErrorOptions = {}) {
    super(options.message ?? defaultMessage[kind], { cause: options.cause });
    this.name = 'LlmError';
    this.kind = kind;
    this.code = options.code ?? codeOfKind[kind];
    this.status = options.status;
    this.retryAfterMs = options.retryAfterMs;
  }
}

export function invalidRequest(message: string, code: ErrorCodeValue = ErrorCode.validation): LlmError {
  return new LlmError('invalid_request', { message, code });
}

function retryAfterMs(headers: IncomingHttpHeaders | undefined): number | undefined {
  const value = headers?.['retry-after'];
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** Why an internal abort happened, so the resulting error can say so. */
export type AbortCause = 'caller' | 'idle';

/** Maps anything thrown while talking to a provider onto the gateway's error kinds. */
export function toLlmError(error: unknown, abortCause?: AbortCause): LlmError {
  if (error instanceof LlmError) return error;
  if (abortCause === 'caller') return new LlmError('aborted', { cause: error });
  if (abortCause === 'idle') return new LlmError('timeout', { cause: error });
  if (error instanceof ProviderTimeoutError) return new LlmError('timeout', { cause: error });
  if (error instanceof ProviderConnectionError) return new LlmError('upstream', { cause: error });
  if (error instanceof ProviderResponseError) {
    if (error.status === 429) {
      return new LlmError('rate_limited', { status: 429, retryAfterMs: retryAfterMs(error.headers), cause: error });
    }
    return new LlmError('upstream', { status: error.status, cause: error });
  }
  return new LlmError('upstream', { cause: error });
}

/** Failures worth one more attempt when nothing has been streamed yet. */
export function isRetryable(error: LlmError): boolean {
  if (error.kind !== 'upstream') return false;
  if (error.status === undefined) return error.cause instanceof ProviderConnectionError;
  return error.status === 502 || error.status === 503 || error.status === 504;
}

import { type ErrorCodeValue, httpStatusOf } from '@portal/contract';

/**
 * The one error type handlers and services throw on purpose. The error handler turns it into the
 * envelope; its message reaches the user, so write it in Chinese.
 */
export class AppError extends Error {
  readonly code: ErrorCodeValue;
  readonly statusCode: number;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCodeValue, message: string, status?: number, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.statusCode = status ?? httpStatusOf[code];
    this.headers = headers;
  }
}

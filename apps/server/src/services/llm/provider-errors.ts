import type { IncomingHttpHeaders } from 'node:http';

/** The provider could not be reached, or the connection broke before the response headers. */
export class ProviderConnectionError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderConnectionError';
  }
}

/** No response headers within the provider's `timeoutMs`. */
export class ProviderTimeoutError extends ProviderConnectionError {
  constructor(timeoutMs: number) {
    super(`no response from the provider within ${timeoutMs} ms`);
    this.name = 'ProviderTimeoutError';
  }
}

/**
 * The provider refused the call (an HTTP status other than 2xx), or reported an error inside
 * the stream (no status then). `message` carries the provider's own text, for logs only.
 */
export class ProviderResponseError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly headers?: IncomingHttpHeaders,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ProviderResponseError';
  }
}

/** The answer stopped in the middle: the connection closed before the body was complete. */
export class ProviderStreamBrokenError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('the provider closed the connection before the answer was complete', options);
    this.name = 'ProviderStreamBrokenError';
  }
}

/** The provider's own words from an OpenAI-style error body (`{ "error": { "message" } }`), if any. */
export function providerErrorText(body: unknown): string | undefined {
  if (typeof body === 'string') return body.slice(0, 500) || undefined;
  if (!body || typeof body !== 'object') return undefined;
  const error = (body as { error?: unknown }).error ?? body;
  if (typeof error === 'string') return error;
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' ? message : JSON.stringify(error).slice(0, 500);
}

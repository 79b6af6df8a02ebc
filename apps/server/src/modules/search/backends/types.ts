/** One hit of a web search backend, before its page is read. */
export interface WebHit {
  title: string;
  url: string;
  snippet: string;
}

/** A backend call's failure; `retryable` ones (429, 5xx, network) are tried again with backoff. */
export class BackendError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'BackendError';
  }
}

export interface WebBackend {
  readonly kind: string;
  search(query: string, signal: AbortSignal): Promise<WebHit[]>;
}

/** Outcome of one API call, as reported by the host app's HTTP client (event 200). */
export interface ApiCallResult {
  durationMs: number;
  /** HTTP status; 0 when the request never got a response. */
  httpStatus: number;
  /** `code` of the `{code, message, data}` body, when there was one. */
  code?: number | null;
  message?: string;
  path: string;
  requestId?: string;
}

export type CustomParams = Record<string, unknown>;

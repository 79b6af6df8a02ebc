import { z } from 'zod';

/** Every JSON response: `{code, message, data}`; code 0 is success. */
export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}

export const envelopeSchema = <T extends z.ZodTypeAny>(data: T) =>
  z.object({ code: z.number().int(), message: z.string(), data });

export const REQUEST_ID_HEADER = 'x-request-id';
/** Bearer token of the search service, sent by the browser on every request (section 7). */
export const SEARCH_TOKEN_HEADER = 'x-search-token';

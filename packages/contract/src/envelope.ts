import { z } from 'zod';

/** Every JSON response: `{code, message, data}`; code 0 is success. */
export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}

export const envelopeSchema = <T extends z.ZodTypeAny>(data: T) =>
  z.object({ code: z.number().int(), message: z.string(), data });

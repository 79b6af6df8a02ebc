import { z } from 'zod';

/**
 * The `codes` section: one-time codes handed to external apps (`/api/user/getJumpCode`,
 * `/api/studio/get_token_key`). Each one issued is an audit row, so issuing is rate limited.
 */
export const codesConfigSchema = z
  .object({
    /** Codes per minute per signed-in user, on each of the two routes. */
    rate_limit_per_minute: z.number().int().min(1).default(30),
    /** Codes per minute per client address on each route, whoever signed in (an office NAT shares one). */
    address_rate_limit_per_minute: z.number().int().min(1).default(300),
  })
  .strict();
export type CodesConfig = z.infer<typeof codesConfigSchema>;

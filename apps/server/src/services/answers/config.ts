import { z } from 'zod';

/** The `answers` section: leases of running generations (who owns an answer while it is generated). */
export const answersConfigSchema = z
  .object({
    /** A generation whose owner has not renewed its lease for this long belongs to a dead process. */
    lease_ms: z.number().int().min(1_000).default(10_000),
    /** The owner renews its lease, and reads the stop flag, this often. */
    renew_ms: z.number().int().min(100).default(1_000),
    /** Every replica closes expired generations this often. */
    sweep_ms: z.number().int().min(200).default(3_000),
  })
  .strict();
export type AnswersConfig = z.infer<typeof answersConfigSchema>;

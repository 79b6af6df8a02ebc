import { z } from 'zod';

/** The `jobs` section: the durable job queue. */
export const jobsConfigSchema = z
  .object({
    /** Idle workers look for due jobs this often (a send in this process wakes them at once). */
    poll_ms: z.number().int().min(50).default(500),
    /** A worker that has not renewed a job's lease for this long is taken for dead. */
    lease_ms: z.number().int().min(1_000).default(15_000),
    /** Expired leases are swept this often. */
    sweep_ms: z.number().int().min(200).default(5_000),
  })
  .strict();
export type JobsConfig = z.infer<typeof jobsConfigSchema>;

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
    /**
     * A page following an answer that another replica generates reads the stored answer this often
     * (one small read per follower; the answer itself is saved every `persist_interval_ms`).
     */
    follow_poll_ms: z.number().int().min(50).default(500),
  })
  .strict();
export type AnswersConfig = z.infer<typeof answersConfigSchema>;

/** How a module saves a growing answer, spread into its section of the configuration. */
export const answerPersistConfig = {
  /** A streamed partial answer is written at least this often while it grows… */
  persist_interval_ms: z.number().int().min(50).default(1_000),
  /** …or as soon as this many characters arrived since the last write. */
  persist_chars: z.number().int().min(64).default(2_048),
};

/** The runner's persistence settings from a module's section (RunAnswerInput.persist). */
export function persistOf(config: { persist_interval_ms: number; persist_chars: number }): {
  intervalMs: number;
  chars: number;
} {
  return { intervalMs: config.persist_interval_ms, chars: config.persist_chars };
}

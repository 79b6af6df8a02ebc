import { z } from 'zod';

/** The `sessions` section of the server configuration (brainstorm, insight, pdf). */
export const sessionsConfigSchema = z
  .object({
    /** A streamed partial answer is written at least this often while it grows… */
    persist_interval_ms: z.number().int().min(50).default(1_000),
    /** …or as soon as this many characters arrived since the last write. */
    persist_chars: z.number().int().min(64).default(2_048),
    /** Passages retrieved and cited for a question. */
    retrieval_top_k: z.number().int().min(1).max(20).default(6),
    /** Voices (rows, lines) an insight report reads at most. */
    max_voices: z.number().int().min(10).max(2_000).default(300),
    /** Asynchronous answers generated at once per process. */
    answer_concurrency: z.number().int().min(1).max(64).default(16),
  })
  .strict();
export type SessionsConfig = z.infer<typeof sessionsConfigSchema>;

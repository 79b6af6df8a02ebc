import { DEFAULT_USAGE_COUNT, SESSION_MODULES, type SessionModule } from '@portal/contract';
import { z } from 'zod';
import type { UsageDefaults } from '../../services/usage/usage-defaults';
import { configSection } from '../config-section';

const quota = z.number().int().min(0).default(DEFAULT_USAGE_COUNT);
/** One quota per session tool, keyed by module name. */
const quotas = z.object(
  Object.fromEntries(SESSION_MODULES.map((module) => [module, quota])) as Record<SessionModule, typeof quota>,
);

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
    /** Asks per user and window of each tool where no quota rule of the console applies. */
    quotas: quotas.prefault({}),
    quota_window_seconds: z.number().int().min(60).default(86_400),
    /** Windows start at midnight of this UTC offset (480 = UTC+8). */
    quota_utc_offset_minutes: z.number().int().min(-720).max(840).default(480),
  })
  .strict();
export type SessionsConfig = z.infer<typeof sessionsConfigSchema>;

/** The module's section of the configuration file, under `sessions`. The session tools (brainstorm, insight, pdf). */
export const sessionsConfigSection = configSection('sessions', sessionsConfigSchema);

/** The configured quota of each session tool, where no quota rule applies. */
export function sessionsUsageDefaults(config: SessionsConfig): UsageDefaults {
  return {
    quotaOf: (module) => (module in config.quotas ? config.quotas[module as SessionModule] : DEFAULT_USAGE_COUNT),
    quota_window_seconds: config.quota_window_seconds,
    quota_utc_offset_minutes: config.quota_utc_offset_minutes,
  };
}

import { DEFAULT_USAGE_COUNT, SESSION_MODULES, type SessionModule } from '@portal/contract';
import { z } from 'zod';
import type { UsageDefaults } from '../../services/usage/usage-defaults';
import { configSection } from '../config-section';
import { answerPersistConfig } from '../../services/answers/config';
import { quotaCount as quota, usageDefaultsOf, usageWindowConfig } from '../../services/usage/config';

/** One quota per session tool, keyed by module name. */
const quotas = z.object(
  Object.fromEntries(SESSION_MODULES.map((module) => [module, quota])) as Record<SessionModule, typeof quota>,
);

/** The `sessions` section of the server configuration (brainstorm, insight, pdf). */
export const sessionsConfigSchema = z
  .object({
    ...answerPersistConfig,
    /** Passages retrieved and cited for a question. */
    retrieval_top_k: z.number().int().min(1).max(20).default(6),
    /** Voices (rows, lines) an insight report reads at most. */
    max_voices: z.number().int().min(10).max(2_000).default(300),
    /** Asynchronous answers generated at once per process. */
    answer_concurrency: z.number().int().min(1).max(64).default(16),
    /** Asks per user and window of each tool where no quota rule of the console applies. */
    quotas: quotas.prefault({}),
    ...usageWindowConfig,
  })
  .strict();
export type SessionsConfig = z.infer<typeof sessionsConfigSchema>;

/** The module's section of the configuration file, under `sessions`. The session tools (brainstorm, insight, pdf). */
export const sessionsConfigSection = configSection('sessions', sessionsConfigSchema);

/** Its settings' type in PortalConfig (see ModuleConfigSections). */
declare module '../config-section' {
  interface ModuleConfigSections {
    sessions: typeof sessionsConfigSection;
  }
}

/** The configured quota of each session tool, where no quota rule applies. */
export function sessionsUsageDefaults(config: SessionsConfig): UsageDefaults {
  return usageDefaultsOf(config, (module) =>
    module in config.quotas ? config.quotas[module as SessionModule] : DEFAULT_USAGE_COUNT,
  );
}

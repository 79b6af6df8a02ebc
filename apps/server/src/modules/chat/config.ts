import { CHAT_MODULES, DEFAULT_USAGE_COUNT, isChatModule, type ChatModule } from '@portal/contract';
import { z } from 'zod';
import type { UsageDefaults } from '../../services/usage/usage-defaults';
import { configSection } from '../config-section';
import { answerPersistConfig } from '../../services/answers/config';
import { quotaCount as quota, usageDefaultsOf, usageWindowConfig } from '../../services/usage/config';

/** One quota per chat module of the contract's table, keyed by module name. */
const quotas = z.object(
  Object.fromEntries(CHAT_MODULES.map((module) => [module, quota])) as Record<ChatModule, typeof quota>,
);

/** The `chat` section of the server configuration: per-module asks per user and window, answer persistence. */
export const chatConfigSchema = z
  .object({
    quotas: quotas.prefault({}),
    ...usageWindowConfig,
    ...answerPersistConfig,
    /**
     * No longer read: generation leases close a dead owner's answers at once. Still accepted so a
     * config file written for an earlier release keeps starting.
     */
    stale_generating_seconds: z.number().int().optional(),
  })
  .strict();
export type ChatConfig = z.infer<typeof chatConfigSchema>;

/** The module's section of the configuration file, under `chat`. */
export const chatConfigSection = configSection('chat', chatConfigSchema);

/** Its settings' type in PortalConfig (see ModuleConfigSections). */
declare module '../config-section' {
  interface ModuleConfigSections {
    chat: typeof chatConfigSection;
  }
}

/** The configured quota of each chat module, where no quota rule applies. */
export function chatUsageDefaults(config: ChatConfig): UsageDefaults {
  return usageDefaultsOf(config, (module) => (isChatModule(module) ? config.quotas[module] : DEFAULT_USAGE_COUNT));
}

import { CHAT_MODULES, chatModels, type ChatModule } from '@portal/contract';
import { z } from 'zod';
import type { UsageDefaults } from '../../services/usage/usage-defaults';
import { configSection } from '../config-section';
import { answerPersistConfig } from '../../services/answers/config';
import { quotaCount, usageDefaultsOf, usageWindowConfig } from '../../services/usage/config';

/**
 * The `marketing` section of the server configuration. The analysis is written by one model of a
 * chat module (its provider target comes from `providers.models`); without one configured, the
 * module's own labelled demo analysis answers.
 */
export const marketingConfigSchema = z
  .object({
    model: z
      .object({
        module: z.enum(CHAT_MODULES as [ChatModule, ...ChatModule[]]).default('chatgpt'),
        model_type: z.number().int().default(chatModels.chatgpt.defaultModel),
        temperature: z.number().min(0).max(2).default(0.7),
      })
      .strict()
      .prefault({}),
    /** Analyses per user and window (the module table's `marketing` quota key). */
    quota: quotaCount,
    ...usageWindowConfig,
    /** How long an analysis waits for its attached documents to finish parsing before going without them. */
    attachment_wait_ms: z.number().int().min(0).max(120_000).default(20_000),
    /** Characters of attached documents' text put into one prompt, shared among the documents. */
    attachment_chars: z.number().int().min(500).max(50_000).default(8_000),
    ...answerPersistConfig,
  })
  .strict();
export type MarketingConfig = z.infer<typeof marketingConfigSchema>;

/** The module's section of the configuration file, under `marketing`. 案例分析: the model that writes analyses, its quota and the demo's pace. */
export const marketingConfigSection = configSection('marketing', marketingConfigSchema);

/** Its settings' type in PortalConfig (see ModuleConfigSections). */
declare module '../config-section' {
  interface ModuleConfigSections {
    marketing: typeof marketingConfigSection;
  }
}

/** The configured analyses per window, where no quota rule applies. */
export function marketingUsageDefaults(config: MarketingConfig): UsageDefaults {
  return usageDefaultsOf(config, () => config.quota);
}

import { z } from 'zod';
import type { UsageDefaults } from '../../services/usage/usage-defaults';
import { configSection } from '../config-section';
import { answerPersistConfig } from '../../services/answers/config';
import { quotaCount, usageDefaultsOf, usageWindowConfig } from '../../services/usage/config';

/**
 * The `report` section of the server configuration. Questions and briefs are written by the model
 * configured under `providers.tasks.report`; without one, the labelled demo model answers.
 */
export const reportConfigSchema = z
  .object({
    /** Questions and briefs per user and window (the module table's `report` quota key). */
    quota: quotaCount,
    ...usageWindowConfig,
    ...answerPersistConfig,
  })
  .strict();
export type ReportConfig = z.infer<typeof reportConfigSchema>;

/** The module's section of the configuration file, under `report`. 行业分析报告: the quota of questions and briefs and how often a growing answer is saved. */
export const reportConfigSection = configSection('report', reportConfigSchema);

/** Its settings' type in PortalConfig (see ModuleConfigSections). */
declare module '../config-section' {
  interface ModuleConfigSections {
    report: typeof reportConfigSection;
  }
}

/** The configured asks per window, where no quota rule of the console applies. */
export function reportUsageDefaults(config: ReportConfig): UsageDefaults {
  return usageDefaultsOf(config, () => config.quota);
}

import { DEFAULT_USAGE_COUNT } from '@portal/contract';
import { z } from 'zod';
import type { UsageDefaults } from '../../services/usage/usage-defaults';
import { configSection } from '../config-section';

/**
 * The `report` section of the server configuration. Questions and briefs are written by the model
 * configured under `providers.tasks.report`; without one, the labelled demo model answers.
 */
export const reportConfigSchema = z
  .object({
    /** Questions and briefs per user and window (the module table's `report` quota key). */
    quota: z.number().int().min(0).default(DEFAULT_USAGE_COUNT),
    quota_window_seconds: z.number().int().min(60).default(86_400),
    /** Windows start at midnight of this UTC offset (480 = UTC+8). */
    quota_utc_offset_minutes: z.number().int().min(-720).max(840).default(480),
    persist_interval_ms: z.number().int().min(50).default(1_000),
    persist_chars: z.number().int().min(64).default(2_048),
  })
  .strict();
export type ReportConfig = z.infer<typeof reportConfigSchema>;

/** The module's section of the configuration file, under `report`. 行业分析报告: the quota of questions and briefs and how often a growing answer is saved. */
export const reportConfigSection = configSection('report', reportConfigSchema);

/** The configured asks per window, where no quota rule of the console applies. */
export function reportUsageDefaults(config: ReportConfig): UsageDefaults {
  return {
    quotaOf: () => config.quota,
    quota_window_seconds: config.quota_window_seconds,
    quota_utc_offset_minutes: config.quota_utc_offset_minutes,
  };
}

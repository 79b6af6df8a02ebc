import { DEFAULT_USAGE_COUNT } from '@portal/contract';
import { z } from 'zod';
import type { CountedModuleName } from '@portal/contract';
import type { UsageDefaults } from './usage-defaults';

/** One module's (or tool's) asks per user and window where no quota rule of the console applies. */
export const quotaCount = z.number().int().min(0).default(DEFAULT_USAGE_COUNT);

/** The usage window every module section with a quota shares, spread into its schema. */
export const usageWindowConfig = {
  /** Length of one usage window; the default is a calendar day. */
  quota_window_seconds: z.number().int().min(60).default(86_400),
  /** Windows start at midnight of this UTC offset (480 = UTC+8). */
  quota_utc_offset_minutes: z.number().int().min(-720).max(840).default(480),
};
type UsageWindowConfig = { [K in keyof typeof usageWindowConfig]: z.infer<(typeof usageWindowConfig)[K]> };

/** A module section's usage defaults: its window and how it finds a module's configured quota. */
export function usageDefaultsOf(
  config: UsageWindowConfig,
  quotaOf: (module: CountedModuleName) => number,
): UsageDefaults {
  return {
    quotaOf,
    quota_window_seconds: config.quota_window_seconds,
    quota_utc_offset_minutes: config.quota_utc_offset_minutes,
  };
}

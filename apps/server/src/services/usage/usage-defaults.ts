import type { CountedModuleName } from '@portal/contract';

/**
 * A module's configured quota and its window, used where no quota rule applies. A file of its own
 * (importing nothing of the server) so that a module's config section can build it without
 * reaching back to the configuration schema through the quota and rights services.
 */
export interface UsageDefaults {
  /** Asks per window of a module for a user no quota rule covers. */
  quotaOf(module: CountedModuleName): number;
  quota_window_seconds: number;
  quota_utc_offset_minutes: number;
}

import { CHAT_MODULES, DEFAULT_USAGE_COUNT, isChatModule, type ChatModule } from '@portal/contract';
import { z } from 'zod';
import type { UsageDefaults } from '../../services/usage/usage-defaults';
import { configSection } from '../config-section';

const quota = z.number().int().min(0).default(DEFAULT_USAGE_COUNT);
/** One quota per chat module of the contract's table, keyed by module name. */
const quotas = z.object(
  Object.fromEntries(CHAT_MODULES.map((module) => [module, quota])) as Record<ChatModule, typeof quota>,
);

/** The `chat` section of the server configuration: per-module asks per user and window, answer persistence. */
export const chatConfigSchema = z
  .object({
    quotas: quotas.prefault({}),
    /** Length of one usage window; the default is a calendar day. */
    quota_window_seconds: z.number().int().min(60).default(86_400),
    /** Windows start at midnight of this UTC offset (480 = UTC+8). */
    quota_utc_offset_minutes: z.number().int().min(-720).max(840).default(480),
    /** A streamed partial answer is written at least this often while it grows… */
    persist_interval_ms: z.number().int().min(50).default(1_000),
    /** …or as soon as this many characters arrived since the last write. */
    persist_chars: z.number().int().min(64).default(2_048),
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

/** The configured quota of each chat module, where no quota rule applies. */
export function chatUsageDefaults(config: ChatConfig): UsageDefaults {
  return {
    quotaOf: (module) => (isChatModule(module) ? config.quotas[module] : DEFAULT_USAGE_COUNT),
    quota_window_seconds: config.quota_window_seconds,
    quota_utc_offset_minutes: config.quota_utc_offset_minutes,
  };
}

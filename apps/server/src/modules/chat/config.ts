import { DEFAULT_USAGE_COUNT } from '@portal/contract';
import { z } from 'zod';

const quota = z.number().int().min(0).default(DEFAULT_USAGE_COUNT);

/** The `chat` section of the server configuration: per-module asks per user and window, answer persistence. */
export const chatConfigSchema = z
  .object({
    quotas: z.object({ chatgpt: quota, deepseek: quota, metaso: quota }).prefault({}),
    /** Length of one usage window; the default is a calendar day. */
    quota_window_seconds: z.number().int().min(60).default(86_400),
    /** Windows start at midnight of this UTC offset (480 = UTC+8). */
    quota_utc_offset_minutes: z.number().int().min(-720).max(840).default(480),
    /** A streamed partial answer is written at least this often while it grows… */
    persist_interval_ms: z.number().int().min(50).default(1_000),
    /** …or as soon as this many characters arrived since the last write. */
    persist_chars: z.number().int().min(64).default(2_048),
  })
  .strict();
export type ChatConfig = z.infer<typeof chatConfigSchema>;

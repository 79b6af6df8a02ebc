import { z } from 'zod';
import { QUOTA_PERIODS, quotaRuleViewSchema } from './quotas';

/** `GET /api/admin/users/usage?user_id=`: one person's asks per counted module (administrators only). */
export const PERSON_USAGE_API_PATH = '/api/admin/users/usage';
/** How many days, today included, the daily counts cover. */
export const PERSON_USAGE_DAYS = 30;

export const personUsageQuerySchema = z.object({ user_id: z.coerce.number().int().positive().max(2_147_483_647) });

/** Where a module's limit comes from: a quota rule, or the configured quota of the module. */
export const usageLimitSourceSchema = z.enum(['rule', 'config']);

export const moduleUsageSchema = z.object({
  /** Module name as counted in the usage table (chatgpt, deepseek, metaso, marketing). */
  module: z.string(),
  /** Asks in the current window. */
  used: z.number().int(),
  /** Null: unlimited. */
  limit: z.number().int().nullable(),
  source: usageLimitSourceSchema,
  /** The quota rule that decides, when `source` is `rule`. */
  rule: quotaRuleViewSchema.nullable(),
  /** The rule's period; null for the configured window (a fixed number of seconds). */
  period: z.enum(QUOTA_PERIODS).nullable(),
  /** Window bounds as ISO times: the asks counted since `window_start`, fresh ones from `resets_at`. */
  window_start: z.string(),
  resets_at: z.string(),
});
export type ModuleUsage = z.infer<typeof moduleUsageSchema>;

export const personUsageResponseSchema = z.object({
  modules: z.array(moduleUsageSchema),
  /** The last days, oldest first, as local dates (YYYY-MM-DD) with asks per module; days without asks included. */
  days: z.array(z.object({ date: z.string(), counts: z.record(z.string(), z.number().int()) })),
});
export type PersonUsage = z.infer<typeof personUsageResponseSchema>;

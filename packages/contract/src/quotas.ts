import { z } from 'zod';
import { QUOTA_KEYS } from './modules';

/** Paths of the quota API (administrators only). */
export const QUOTA_API_PATHS = {
  list: '/api/admin/quotas',
  set: '/api/admin/quotas/set',
  delete: '/api/admin/quotas/delete',
} as const;

/** A rule's counting period: calendar day, week (from Monday) or month in the configured time zone. */
export const QUOTA_PERIODS = ['day', 'week', 'month'] as const;
export type QuotaPeriod = (typeof QUOTA_PERIODS)[number];

export const QUOTA_SUBJECT_TYPES = ['user', 'group', 'department', 'everyone'] as const;
export type QuotaSubjectType = (typeof QUOTA_SUBJECT_TYPES)[number];

/**
 * A quota rule: how many asks the subject may make in a module per period; `limit` null means
 * unlimited. `subject` is a login name or SSO subject, a group name, a synced department key
 * (covering every sub-department) or `*` for everyone. The most specific rule wins: user, then the
 * nearest department, then group, then everyone; without a rule the configured quota applies.
 */
const quotaRuleFields = z.object({
  subject_type: z.enum(QUOTA_SUBJECT_TYPES),
  subject: z
    .string()
    .trim()
    .max(200)
    .refine((v) => !v.includes('\u0000'), '不能包含空字符')
    .default('*'),
  module: z.string().refine((v) => QUOTA_KEYS.includes(v), '未知的模块'),
  limit: z.number().int().min(0).max(1_000_000).nullable(),
  period: z.enum(QUOTA_PERIODS).default('day'),
});
export const quotaRuleSchema = quotaRuleFields.refine((r) => r.subject_type === 'everyone' || r.subject.length > 0, {
  message: '请填写对象',
  path: ['subject'],
});
export type QuotaRule = z.infer<typeof quotaRuleSchema>;
export type QuotaRuleInput = z.input<typeof quotaRuleSchema>;

export const quotaRuleViewSchema = quotaRuleFields.extend({ id: z.number().int(), updated_at: z.string() });
export type QuotaRuleView = z.infer<typeof quotaRuleViewSchema>;

/** `GET /api/admin/quotas`: every rule, with the configured defaults they replace. */
export const quotaListResponseSchema = z.object({
  list: z.array(quotaRuleViewSchema),
  /** The configured quota per module key, used where no rule applies (null: nothing configured). */
  defaults: z.record(z.string(), z.number().int().nullable()),
});
export const deleteQuotaRuleSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

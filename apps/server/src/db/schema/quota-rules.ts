import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Per-module ask quotas by person, group, department or everyone (services/quotas). They replace
 * the configured quota for whoever they match; `limit` null means unlimited.
 */
export const quotaRules = pgTable(
  'quota_rules',
  {
    id: serial('id').primaryKey(),
    subjectType: text('subject_type', { enum: ['user', 'group', 'department', 'everyone'] }).notNull(),
    /** A person by provider (`wecom:wangwei`; bare: OIDC), a group, a department key (`wecom:2`), or `*`. */
    subject: text('subject').notNull(),
    /** A quota key of the contract's module table. */
    quotaKey: text('quota_key').notNull(),
    limit: integer('limit'),
    period: text('period', { enum: ['day', 'week', 'month'] })
      .notNull()
      .default('day'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('quota_rules_subject_key_idx').on(t.subjectType, t.subject, t.quotaKey)],
);
export type QuotaRuleRow = typeof quotaRules.$inferSelect;
export type NewQuotaRuleRow = typeof quotaRules.$inferInsert;

import { pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';

export const accessRules = pgTable(
  'access_rules',
  {
    id: serial('id').primaryKey(),
    subjectType: text('subject_type', { enum: ['user', 'group', 'department', 'everyone'] }).notNull(),
    /** A person by provider (`wecom:wangwei`; bare: OIDC), a group, a department key (`wecom:2`), or `*`. */
    subject: text('subject').notNull(),
    /** An app key, or `*` for every app. */
    appKey: text('app_key').notNull(),
    effect: text('effect', { enum: ['allow', 'deny'] }).notNull(),
  },
  (t) => [uniqueIndex('access_rules_subject_app_idx').on(t.subjectType, t.subject, t.appKey)],
);
export type AccessRuleRow = typeof accessRules.$inferSelect;
export type NewAccessRuleRow = typeof accessRules.$inferInsert;

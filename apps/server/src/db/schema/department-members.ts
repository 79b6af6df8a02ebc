import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Who belongs to which department, by the user's subject (`<provider>:<user id>`), so a person is
 * placed before their first sign-in. Filled by the directory sync and by each sign-in.
 */
export const departmentMembers = pgTable(
  'department_members',
  {
    subject: text('subject').notNull(),
    departmentKey: text('department_key').notNull(),
    provider: text('provider').notNull(),
    name: text('name').notNull().default(''),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.subject, t.departmentKey] }),
    index('department_members_department_idx').on(t.departmentKey),
    index('department_members_provider_idx').on(t.provider),
  ],
);
export type DepartmentMember = typeof departmentMembers.$inferSelect;
export type NewDepartmentMember = typeof departmentMembers.$inferInsert;

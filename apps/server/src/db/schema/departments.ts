import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The department tree of each workplace provider, kept by the directory sync. `key` is
 * `<provider>:<the provider's department id>`, the value a department rule names.
 */
export const departments = pgTable(
  'departments',
  {
    key: text('key').primaryKey(),
    provider: text('provider').notNull(),
    externalId: text('external_id').notNull(),
    name: text('name').notNull().default(''),
    /** Empty for a root. */
    parentKey: text('parent_key').notNull().default(''),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('departments_provider_idx').on(t.provider), index('departments_parent_idx').on(t.parentKey)],
);
export type Department = typeof departments.$inferSelect;
export type NewDepartment = typeof departments.$inferInsert;

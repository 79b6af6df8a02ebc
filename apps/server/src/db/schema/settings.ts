import { pgTable, text } from 'drizzle-orm/pg-core';

/** Server-wide values that must survive restarts and be shared by replicas (secrets, versions). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
export type Setting = typeof settings.$inferSelect;
export type NewSetting = typeof settings.$inferInsert;

import { boolean, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const apps = pgTable('apps', {
  id: serial('id').primaryKey(),
  appKey: text('app_key').notNull().unique(),
  appName: text('app_name').notNull(),
  appIcon: text('app_icon').notNull().default(''),
  appUrl: text('app_url').notNull().default(''),
  description: text('description').notNull().default(''),
  typeTags: jsonb('type_tags').$type<string[]>().notNull().default([]),
  sceneTags: jsonb('scene_tags').$type<string[]>().notNull().default([]),
  order: integer('order').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  /** The app's owners by provider, as rules name people (notified of new access requests). */
  owners: jsonb('owners').$type<string[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type App = typeof apps.$inferSelect;
export type NewApp = typeof apps.$inferInsert;

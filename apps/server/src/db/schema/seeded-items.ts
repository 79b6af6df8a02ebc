import { pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * Every config entry ever seeded. An entry is seeded once, so an administrator's later edit or
 * deletion is never undone by a restart.
 */
export const seededItems = pgTable(
  'seeded_items',
  {
    kind: text('kind').notNull(),
    key: text('key').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.key] })],
);
export type SeededItem = typeof seededItems.$inferSelect;
export type NewSeededItem = typeof seededItems.$inferInsert;

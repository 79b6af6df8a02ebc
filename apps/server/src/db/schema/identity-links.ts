import { index, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Accounts of one person in several providers, linked by an administrator (services/users/
 * identity-links.ts): the accounts of a person share `personId`, the id of one of them. A rule or
 * admin entry naming any of them covers all of them.
 */
export const identityLinks = pgTable(
  'identity_links',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    personId: integer('person_id').notNull(),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('identity_links_person_idx').on(t.personId)],
);
export type IdentityLink = typeof identityLinks.$inferSelect;

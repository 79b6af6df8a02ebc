import type { IdentityProvider } from '@portal/contract';
import { boolean, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  /** Stable identity from the identity provider: OIDC's `sub`, or `<provider>:<user id>` for a workplace suite. */
  subject: text('subject').notNull().unique(),
  /** Where the account signs in; with the subject it identifies the person (services/users/identity.ts). */
  provider: text('provider').$type<IdentityProvider>().notNull().default('oidc'),
  login: text('login').notNull().default(''),
  userName: text('user_name').notNull().default(''),
  email: text('email').notNull().default(''),
  mobile: text('mobile').notNull().default(''),
  avatar: text('avatar').notNull().default(''),
  /** Group and department claims, merged. */
  groups: jsonb('groups').$type<string[]>().notNull().default([]),
  /** Department keys of a workplace user with every ancestor, kept by services/departments. */
  departments: jsonb('departments').$type<string[]>().notNull().default([]),
  /** Bumped when a change affects only this user; see services/rights/rights-version. */
  rightsVersion: integer('rights_version').notNull().default(0),
  disabled: boolean('disabled').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }).notNull().defaultNow(),
});
export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Storage of the built-in identity provider (sessions, interactions, codes, grants). */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('oidc_payloads_grant_idx').on(t.grantId),
    index('oidc_payloads_uid_idx').on(t.uid),
  ],
);
export type OidcPayload = typeof oidcPayloads.$inferSelect;
export type NewOidcPayload = typeof oidcPayloads.$inferInsert;

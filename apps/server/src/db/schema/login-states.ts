import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** A pending sign-in: kept server-side, short-lived and consumed once. */
export const loginStates = pgTable('login_states', {
  state: text('state').primaryKey(),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  fromTarget: text('from_target').notNull().default(''),
  /** SHA-256 of the secret the starting browser holds (an HttpOnly cookie): login CSRF defence. */
  browserHash: text('browser_hash').notNull().default(''),
  /** A workplace provider (wecom, feishu, dingtalk); empty for OIDC. */
  provider: text('provider').notNull().default(''),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
export type LoginState = typeof loginStates.$inferSelect;
export type NewLoginState = typeof loginStates.$inferInsert;

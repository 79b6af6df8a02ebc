import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Append-only record of sign-ins, admin changes, one-time code issues and exports. The code has no
 * update or delete path; on start a trigger refusing UPDATE, DELETE and TRUNCATE is installed. The
 * one exception is the retention purge (services/audit/audit-retention.ts), for rows past it only.
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Null for anonymous events (a failed sign-in). */
    actorId: integer('actor_id'),
    actorLogin: text('actor_login').notNull().default(''),
    /** e.g. `login.success`, `admin.rule.set`, `code.issue`, `audit.export`. */
    action: text('action').notNull(),
    target: text('target').notNull().default(''),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip').notNull().default(''),
    detail: text('detail').notNull().default(''),
  },
  (t) => [
    index('audit_logs_at_idx').on(t.at),
    index('audit_logs_actor_idx').on(t.actorLogin),
    index('audit_logs_action_idx').on(t.action),
  ],
);
export type AuditLog = typeof auditLogs.$inferSelect;
export type NewAuditLog = typeof auditLogs.$inferInsert;

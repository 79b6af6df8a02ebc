import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/** A person asking for an app they may not open yet (申请权限), and the administrator's answer. */
export const accessRequests = pgTable(
  'access_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    appKey: text('app_key').notNull(),
    reason: text('reason').notNull().default(''),
    status: text('status', { enum: ['pending', 'approved', 'denied'] })
      .notNull()
      .default('pending'),
    decidedBy: integer('decided_by'),
    decisionReason: text('decision_reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [index('access_requests_user_idx').on(t.userId), index('access_requests_status_idx').on(t.status)],
);
export type AccessRequest = typeof accessRequests.$inferSelect;
export type NewAccessRequest = typeof accessRequests.$inferInsert;

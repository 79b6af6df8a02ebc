import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const JOB_STATES = ['queued', 'active', 'done', 'failed', 'cancelled'] as const;
export type JobState = (typeof JOB_STATES)[number];

/**
 * The durable job queue (services/jobs). A worker takes a queued job with
 * `FOR UPDATE SKIP LOCKED` and holds it by a lease it renews while it runs; a job whose lease
 * ran out (its worker died) goes back to the queue, or fails once its attempts are used up.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    data: jsonb('data').$type<unknown>().notNull(),
    state: text('state').$type<JobState>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    /** Not taken before this time: retries wait with backoff. */
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** The worker (host:pid:instance) that holds the job while it is active. */
    lockedBy: text('locked_by'),
    lockedHost: text('locked_host'),
    lockedPid: integer('locked_pid'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    progress: jsonb('progress').$type<unknown>(),
    result: jsonb('result').$type<unknown>(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('jobs_fetch_idx').on(t.state, t.name, t.runAt), index('jobs_lease_idx').on(t.state, t.leaseUntil)],
);
export type JobRow = typeof jobs.$inferSelect;

import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

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
    /** At most one queued or active job holds a given key (see JobQueue.send). */
    singletonKey: text('singleton_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('jobs_fetch_idx').on(t.state, t.name, t.runAt),
    index('jobs_lease_idx').on(t.state, t.leaseUntil),
    uniqueIndex('jobs_singleton_idx')
      .on(t.singletonKey)
      .where(sql`singleton_key is not null and state in ('queued', 'active')`),
  ],
);
export type JobRow = typeof jobs.$inferSelect;

/**
 * The last period slot each repeating job was queued for (JobQueue.schedule). Moving `slot`
 * forward is a compare-and-set, so of several replicas only one queues the job of a period.
 */
export const jobSchedules = pgTable('job_schedules', {
  key: text('key').primaryKey(),
  slot: bigint('slot', { mode: 'number' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

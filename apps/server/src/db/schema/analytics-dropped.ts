import { bigint, date, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/** What ingest refused, per day (receive time) and reason, for the dashboard. */
export const analyticsDropped = pgTable(
  'analytics_dropped',
  {
    day: date('day', { mode: 'string' }).notNull(),
    /** One of the contract's ANALYTICS_DROP_REASONS. */
    reason: text('reason').notNull(),
    batches: bigint('batches', { mode: 'number' }).notNull().default(0),
    /** Events in the refused batches; 0 where the body was never read (shed before parsing). */
    events: bigint('events', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.reason] })],
);

import { index, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Raw behaviour-analytics events, one row per event, kept for `analytics.retention_days`. Only the
 * columns the rollups group or filter on are columns; the rest of the event stays in jsonb.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    eventId: uuid('event_id').primaryKey(),
    type: smallint('type').notNull(),
    ts: timestamp('ts', { withTimezone: true, precision: 3 }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    appKey: text('app_key').notNull(),
    anonymousId: text('anonymous_id').notNull(),
    /** What the page claimed (set by 201); never trusted for signed-in calls. */
    userId: text('user_id'),
    /** The portal user whose valid access token came with the batch. */
    authUserId: integer('auth_user_id'),
    cycleId: text('cycle_id').notNull(),
    pageUrl: text('page_url').notNull(),
    detail: jsonb('detail').notNull(),
    /** tab_id, referrer, screen, scroll, app_version, app_name, channel, env, suid, schema_version. */
    context: jsonb('context').notNull(),
  },
  (t) => [
    index('analytics_events_ts_idx').on(t.ts),
    index('analytics_events_type_ts_idx').on(t.type, t.ts),
    index('analytics_events_app_key_ts_idx').on(t.appKey, t.ts),
  ],
);
export type AnalyticsEventRow = typeof analyticsEvents.$inferSelect;

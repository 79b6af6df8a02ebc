import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { files } from './files';
import { users } from './users';

/**
 * A person's face photos for portraits (人像写真), trained into a personal model on a GPU engine.
 * Personal data: only the owner sees it; `consent_at` is when they agreed to its use. `model_ref`
 * names the trained model on the engine (a LoRA file); `engine_refs` are the engine's ids of what
 * was queued for this set (prompts), so deleting the set can ask the engine to forget them.
 */
export const addbgPhotoSets = pgTable(
  'addbg_photo_sets',
  {
    id: text('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    status: text('status').notNull().default('untrained'),
    progress: integer('progress').notNull().default(0),
    message: text('message').notNull().default(''),
    consentAt: timestamp('consent_at', { withTimezone: true }).notNull(),
    engine: text('engine'),
    modelRef: text('model_ref'),
    engineRefs: jsonb('engine_refs').$type<string[]>().notNull().default([]),
    /** The last training failure's cause, for the logs and administrators (not shown to staff). */
    error: text('error'),
    /** The training's durable job. */
    jobId: bigint('job_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('addbg_photo_sets_owner_idx').on(t.ownerId, t.createdAt)],
);
export type AddbgPhotoSetRow = typeof addbgPhotoSets.$inferSelect;

/** One face photo of a set: a stored file of the `addbg` module, deleted with the set. */
export const addbgPhotos = pgTable(
  'addbg_photos',
  {
    id: text('id').primaryKey(),
    setId: text('set_id')
      .notNull()
      .references(() => addbgPhotoSets.id, { onDelete: 'cascade' }),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileId: text('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('addbg_photos_set_idx').on(t.setId, t.position)],
);
export type AddbgPhotoRow = typeof addbgPhotos.$inferSelect;

import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Uploaded files. A row exists only for an object that was stored completely and passed the
 * checks; the object lives in the configured storage under `storage_key`, which never derives
 * from the uploader's file name.
 */
export const files = pgTable(
  'files',
  {
    /** The public file_id (opaque, 32 hex characters). */
    id: text('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The module that owns the upload; null for common uploads. */
    module: text('module'),
    storageKey: text('storage_key').notNull(),
    /** Sanitised name shown to the user and sent back on download; never used as a path. */
    displayName: text('display_name').notNull(),
    /** Found from the content (magic bytes), not from the name or the request's header. */
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    sha256: text('sha256').notNull(),
    /** `ready` once stored; modules may add their own (e.g. parsing) later. */
    status: text('status').notNull().default('ready'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('files_storage_key_idx').on(t.storageKey),
    index('files_owner_created_idx').on(t.ownerId, t.createdAt),
  ],
);
export type FileRow = typeof files.$inferSelect;
export type NewFileRow = typeof files.$inferInsert;

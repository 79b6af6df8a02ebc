import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { addbgPhotoSets } from './addbg-facechain';
import { files } from './files';
import { users } from './users';

/** 图片设计 projects: a product's source images and works, grouped by their owner. */
export const addbgProjects = pgTable(
  'addbg_projects',
  {
    id: text('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('addbg_projects_owner_idx').on(t.ownerId, t.updatedAt)],
);
export type AddbgProjectRow = typeof addbgProjects.$inferSelect;

/**
 * One generation (cutout, product on a background, logo…): a durable job's record. `charged`
 * images were taken from the owner's usage when it was queued; `refunded` makes the refund of a
 * failed work happen once, whichever replica sees it fail.
 */
export const addbgWorks = pgTable(
  'addbg_works',
  {
    id: text('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: text('project_id').references(() => addbgProjects.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    engine: text('engine').notNull(),
    sourceFileId: text('source_file_id').references(() => files.id, { onDelete: 'set null' }),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    /** A portrait's photo set: deleting the set deletes its portraits (their files first, by the service). */
    photoSetId: text('photo_set_id').references(() => addbgPhotoSets.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    message: text('message').notNull().default(''),
    charged: integer('charged').notNull(),
    /** The durable job that runs it: a job that ended without the work finishing fails the work. */
    jobId: bigint('job_id', { mode: 'number' }),
    refunded: boolean('refunded').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('addbg_works_owner_idx').on(t.ownerId, t.createdAt),
    index('addbg_works_project_idx').on(t.projectId),
    index('addbg_works_photo_set_idx').on(t.photoSetId),
  ],
);
export type AddbgWorkRow = typeof addbgWorks.$inferSelect;

/** An image a work produced: a stored file of the `addbg` module, owned by the work's owner. */
export const addbgImages = pgTable(
  'addbg_images',
  {
    id: text('id').primaryKey(),
    workId: text('work_id')
      .notNull()
      .references(() => addbgWorks.id, { onDelete: 'cascade' }),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileId: text('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('addbg_images_work_idx').on(t.workId, t.position)],
);
export type AddbgImageRow = typeof addbgImages.$inferSelect;

export const addbgFavorites = pgTable(
  'addbg_favorites',
  {
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    imageId: text('image_id')
      .notNull()
      .references(() => addbgImages.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.imageId] })],
);

/** Section 3's image usage per user: `remain` of `total` images until `refresh_at`, then refilled. */
export const addbgUsage = pgTable('addbg_usage', {
  ownerId: integer('owner_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  total: integer('total').notNull(),
  remain: integer('remain').notNull(),
  refreshAt: timestamp('refresh_at', { withTimezone: true }).notNull(),
});

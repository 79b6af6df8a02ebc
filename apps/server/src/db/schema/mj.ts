import type { AddbgWorkStatus, MjAction, MjEngine } from '@portal/contract';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { conversations } from './conversations';
import { files } from './files';
import { users } from './users';

/**
 * One turn: what was asked (a prompt, or a button on an earlier reply) and its reply, a durable
 * job with progress. `charged` images were taken from the owner's image usage when it was
 * queued; `refunded` makes the refund of a failed turn happen once, whichever replica sees it fail.
 */
export const mjMessages = pgTable(
  'mj_messages',
  {
    id: text('id').primaryKey(),
    /** Insertion order within a conversation. */
    seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
    convId: text('conv_id')
      .notNull()
      // Image conversations are the chatgpt app's conversations of type 1 (migration 0024).
      .references(() => conversations.id, { onDelete: 'cascade' }),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    action: text('action').$type<MjAction>().notNull(),
    /** The image (1–4) of the parent's reply an upscale or variation acts on. */
    variant: integer('variant'),
    parentId: text('parent_id').references((): AnyPgColumn => mjMessages.id, { onDelete: 'set null' }),
    prompt: text('prompt').notNull(),
    engine: text('engine').$type<MjEngine>().notNull(),
    status: text('status').$type<AddbgWorkStatus>().notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    statusText: text('status_text').notNull().default(''),
    charged: integer('charged').notNull(),
    refunded: boolean('refunded').notNull().default(false),
    /** The durable job that draws it: a job that ended without the turn finishing fails the turn. */
    jobId: bigint('job_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mj_messages_conv_seq_idx').on(t.convId, t.seq)],
);
export type MjMessageRow = typeof mjMessages.$inferSelect;
export type NewMjMessageRow = typeof mjMessages.$inferInsert;

/** An image a turn drew: a stored file of its owner (module `mj`). */
export const mjImages = pgTable(
  'mj_images',
  {
    id: text('id').primaryKey(),
    messageId: text('message_id')
      .notNull()
      .references(() => mjMessages.id, { onDelete: 'cascade' }),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileId: text('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    /** 1–4 in a grid, 1 for an upscale. */
    position: integer('position').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mj_images_message_idx').on(t.messageId, t.position)],
);
export type MjImageRow = typeof mjImages.$inferSelect;

import type { DocStatus } from '@portal/contract';
import { bigint, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { files } from './files';

/**
 * A stored file in the document pipeline: its parse status and where it belongs. `collection`
 * is the owner's grouping (a session id, a report id…); retrieval searches one collection.
 */
export const documents = pgTable(
  'documents',
  {
    fileId: text('file_id')
      .primaryKey()
      .references(() => files.id, { onDelete: 'cascade' }),
    ownerId: integer('owner_id').notNull(),
    collection: text('collection').notNull(),
    status: text('status').$type<DocStatus>().notNull().default('queued'),
    /** Chinese reason when failed. */
    reason: text('reason'),
    /** Pages (PDF) or data rows (csv/xlsx); null until parsed. */
    pageCount: integer('page_count'),
    chunkCount: integer('chunk_count').notNull().default(0),
    /** Scanned pages read by OCR so far and in all, while the status is `ocr`. */
    ocrDone: integer('ocr_done'),
    ocrTotal: integer('ocr_total'),
    /** OCR has pages to read but none started yet: every worker of the shared pool is busy. */
    ocrWaiting: boolean('ocr_waiting').notNull().default(false),
    /**
     * The written form of the stored text (TEXT_FORM in services/documents/text-form.ts): older
     * documents are rewritten once by the documents.normalize-text job.
     */
    textForm: integer('text_form').notNull().default(1),
    /** The parse job in `jobs`, to notice a job that died for good. */
    jobId: bigint('job_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('documents_collection_idx').on(t.collection, t.createdAt),
    index('documents_text_form_idx').on(t.textForm),
  ],
);
export type DocumentRow = typeof documents.$inferSelect;
export type NewDocumentRow = typeof documents.$inferInsert;

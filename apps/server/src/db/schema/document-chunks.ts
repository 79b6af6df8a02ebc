import type { PagePosition } from '@portal/contract';
import { bigserial, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { documents } from './documents';

/** A passage of a parsed document with its place: page and boxes on it (PDF) or data row (csv/xlsx). */
export const documentChunks = pgTable(
  'document_chunks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    fileId: text('file_id')
      .notNull()
      .references(() => documents.fileId, { onDelete: 'cascade' }),
    collection: text('collection').notNull(),
    /** Order within the document. */
    ord: integer('ord').notNull(),
    page: integer('page'),
    row: integer('row'),
    text: text('text').notNull(),
    /** The passage's boxes on its PDF page (for highlighting); null for other kinds and OCR text. */
    position: jsonb('position').$type<PagePosition>(),
  },
  (t) => [
    index('document_chunks_collection_idx').on(t.collection),
    index('document_chunks_file_idx').on(t.fileId, t.ord),
  ],
);
export type DocumentChunkRow = typeof documentChunks.$inferSelect;
export type NewDocumentChunkRow = typeof documentChunks.$inferInsert;

/**
 * The columns retrieval reads: all but `position`, which only the viewer of one passage needs —
 * ranking reads thousands of candidates and should not decode their boxes.
 */
export const passageColumns = {
  id: documentChunks.id,
  fileId: documentChunks.fileId,
  collection: documentChunks.collection,
  ord: documentChunks.ord,
  page: documentChunks.page,
  row: documentChunks.row,
  text: documentChunks.text,
};
export type PassageRow = Omit<DocumentChunkRow, 'position'>;

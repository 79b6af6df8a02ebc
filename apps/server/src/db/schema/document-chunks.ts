import { bigserial, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { documents } from './documents';

/** A passage of a parsed document with its position: page (PDF) or data row (csv/xlsx). */
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
  },
  (t) => [
    index('document_chunks_collection_idx').on(t.collection),
    index('document_chunks_file_idx').on(t.fileId, t.ord),
  ],
);
export type DocumentChunkRow = typeof documentChunks.$inferSelect;
export type NewDocumentChunkRow = typeof documentChunks.$inferInsert;

import { bigint, customType, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { documentChunks } from './document-chunks';
import { documents } from './documents';

/** PostgreSQL's text-search vector, written as its literal form (see services/documents/lexical.ts). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The segmented terms of one chunk for lexical retrieval, with their positions. Kept beside the
 * chunk rather than in it so reading passages never drags the vector along.
 */
export const chunkTerms = pgTable(
  'chunk_terms',
  {
    chunkId: bigint('chunk_id', { mode: 'number' })
      .primaryKey()
      .references(() => documentChunks.id, { onDelete: 'cascade' }),
    fileId: text('file_id')
      .notNull()
      .references(() => documents.fileId, { onDelete: 'cascade' }),
    terms: tsvector('terms').notNull(),
  },
  (t) => [index('chunk_terms_terms_idx').using('gin', t.terms), index('chunk_terms_file_idx').on(t.fileId)],
);

/**
 * In how many chunks of a document each term occurs: summed over the documents in scope, these
 * give BM25's weights (idf) by index look-ups instead of counting matches over many chunks.
 */
export const documentTerms = pgTable(
  'document_terms',
  {
    fileId: text('file_id')
      .notNull()
      .references(() => documents.fileId, { onDelete: 'cascade' }),
    term: text('term').notNull(),
    chunks: integer('chunks').notNull(),
  },
  // Term first: a question looks up its few terms across the scope's documents in one range each.
  (t) => [primaryKey({ columns: [t.term, t.fileId] }), index('document_terms_file_idx').on(t.fileId)],
);

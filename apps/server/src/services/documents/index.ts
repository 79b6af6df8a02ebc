export { documentsConfigSchema, type DocumentsConfig } from './config';
export { DocumentService, DOCUMENT_PARSE_JOB, type DocumentWithFile } from './document-service';
export { Retrieval, topTerms, type RetrievedChunk } from './retrieval';
export { tokenize } from './tokenize';
export { FileScopedRetrieval } from './file-scoped';
export { Embedder } from './embedder';
export { VectorIndex } from './vector-index';
export { withoutRowFacts } from './parsers/table-columns';

export { documentsConfigSchema, type DocumentsConfig } from './config';
export { DocumentService, DOCUMENT_PARSE_JOB, type DocumentWithFile, type RetrievedChunk } from './document-service';
export { rankPassages, topTerms } from './retrieval';
export { tokenize } from './tokenize';
export { FileScopedRetrieval } from './file-scoped';

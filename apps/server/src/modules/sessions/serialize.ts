import type { DocStatusEntry, Session, SessionFile, SessionMessage } from '@portal/contract';
import type { ToolSessionMessageRow, ToolSessionRow } from '../../db/schema';
import type { DocumentWithFile } from '../../services/documents';

export function toSession(row: ToolSessionRow, fileCount: number): Session {
  return {
    session_id: row.id,
    session_name: row.name,
    module: row.module,
    type: row.type,
    topic: row.topic,
    method: row.method ?? null,
    file_count: fileCount,
    create_time: row.createdAt.getTime(),
    update_time: row.updatedAt.getTime(),
  };
}

export function toSessionMessage(row: ToolSessionMessageRow): SessionMessage {
  return {
    message_id: row.id,
    session_id: row.sessionId,
    role: row.role,
    kind: row.kind,
    content: row.content,
    citations: row.citations,
    data: row.data ?? null,
    status: row.status,
    phase: row.phase ?? null,
    demo: row.demo,
    feedback: row.feedback ?? null,
    create_time: row.createdAt.getTime(),
  };
}

export function toSessionFile({ doc, file }: DocumentWithFile, module: string): SessionFile {
  return {
    file_id: file.id,
    session_id: doc.collection,
    name: file.displayName,
    mime: file.mime,
    size: file.size,
    status: doc.status,
    reason: doc.reason,
    page_count: doc.pageCount,
    chunk_count: doc.chunkCount,
    ocr_progress: ocrProgress(doc),
    url: `/api/${module}/file/download?file_id=${file.id}`,
    create_time: doc.createdAt.getTime(),
    update_time: doc.updatedAt.getTime(),
  };
}

/** OCR progress only while the file is in OCR (the counters of an older run are left in the row). */
function ocrProgress(doc: DocumentWithFile['doc']): DocStatusEntry['ocr_progress'] {
  if (doc.status !== 'ocr' || doc.ocrTotal === null || doc.ocrTotal <= 0) return null;
  return { done: doc.ocrDone ?? 0, total: doc.ocrTotal, ...(doc.ocrWaiting ? { waiting: true } : {}) };
}

export function toDocStatus({ doc }: DocumentWithFile): DocStatusEntry {
  return {
    file_id: doc.fileId,
    status: doc.status,
    reason: doc.reason,
    page_count: doc.pageCount,
    chunk_count: doc.chunkCount,
    ocr_progress: ocrProgress(doc),
  };
}

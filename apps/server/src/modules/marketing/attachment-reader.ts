import { docStatusLabels } from '@portal/contract';
import type { MarketingAttachmentRef } from '../../db/schema';
import type { DocumentService, DocumentWithFile } from '../../services/documents';

/** The document pipeline's collection that holds every campaign attachment (rows stay per owner). */
export const MARKETING_COLLECTION = 'marketing';
const POLL_MS = 500;

const isImage = (a: Pick<MarketingAttachmentRef, 'mime'>) => a.mime.startsWith('image/');
const settled = (d: DocumentWithFile) => d.doc.status === 'ready' || d.doc.status === 'failed';

export interface AttachmentReadOptions {
  /** How long to wait for documents still parsing. */
  waitMs: number;
  /** Characters of document text in all, shared evenly among the documents. */
  maxChars: number;
}

/**
 * Reads the text of a description's documents for the prompt: waits (bounded) for their parse,
 * then takes each ready document's passages in reading order up to its share of the budget.
 * Documents not ready in time or failed are told to the model as such; images are left as they are.
 */
export class AttachmentReader {
  constructor(private readonly documents: DocumentService) {}

  private async settle(userId: number, fileIds: string[], waitMs: number): Promise<DocumentWithFile[]> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const found = await this.documents.list(MARKETING_COLLECTION, userId, fileIds);
      if (found.every(settled) || Date.now() >= deadline) return found;
      await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, Math.max(0, deadline - Date.now()))));
    }
  }

  private async text(userId: number, fileId: string, budget: number): Promise<string> {
    const chunks = await this.documents.chunks(MARKETING_COLLECTION, userId, [fileId], 2_000);
    let text = '';
    for (const { chunk } of chunks) {
      if (text.length >= budget) break;
      text += (text ? '\n' : '') + chunk.text;
    }
    return text.length > budget ? `${text.slice(0, budget)}…（以下内容从略）` : text;
  }

  async read(
    userId: number,
    attachments: readonly MarketingAttachmentRef[],
    options: AttachmentReadOptions,
  ): Promise<MarketingAttachmentRef[]> {
    const docIds = attachments.filter((a) => !isImage(a)).map((a) => a.fileId);
    if (docIds.length === 0) return [...attachments];
    const states = new Map(
      (await this.settle(userId, docIds, options.waitMs)).map((d) => [d.doc.fileId, d.doc] as const),
    );
    const budget = Math.floor(options.maxChars / docIds.length);
    const read: MarketingAttachmentRef[] = [];
    for (const a of attachments) {
      if (isImage(a)) {
        read.push(a);
        continue;
      }
      const doc = states.get(a.fileId);
      if (!doc) read.push({ ...a, unread: '文件未进入解析' });
      else if (doc.status === 'failed') read.push({ ...a, unread: `解析失败：${doc.reason ?? '无法读取'}` });
      else if (doc.status !== 'ready') read.push({ ...a, unread: `仍在${docStatusLabels[doc.status]}，本次未读取` });
      else {
        const excerpt = await this.text(userId, a.fileId, budget);
        read.push(excerpt ? { ...a, excerpt } : { ...a, unread: '文件中没有可读取的文字' });
      }
    }
    return read;
  }
}

import { Readable } from 'node:stream';
import { ErrorCode, type SearchParseInfo } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { documents, files, searchParses, type SearchParseRow } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { newId } from '../../lib/ids';
import { resourceGone } from '../../lib/resource-gone';
import type { DocumentService } from '../../services/documents';
import type { FileService } from '../../services/files';
import { PageFetchError, type PageFetcher } from './page-fetcher';
import { readableText } from './readable-text';

/** The document pipeline's collection of a session's added pages and files. */
export function sessionCollection(sessionId: string): string {
  return `search:${sessionId}`;
}

/** Where the stored text of an added web page is filed (its own module, so no other module lists it). */
const PAGE_MODULE = 'search';

/**
 * `search/doc/parse`: a web page (read through the address guard, its readable text stored as a
 * text file) or an uploaded file joins the session's collection of the document pipeline, which
 * parses it; every later run of the caller finds it with their other documents.
 */
export class DocParseService {
  constructor(
    private readonly db: Db,
    private readonly files: FileService,
    private readonly documents: DocumentService,
    private readonly fetcher: PageFetcher,
  ) {}

  async addUrl(userId: number, sessionId: string, url: string): Promise<SearchParseInfo> {
    let page;
    try {
      page = await this.fetcher.fetch(url);
    } catch (error) {
      const reason = error instanceof PageFetchError ? error.message : '网页无法访问';
      if (error instanceof PageFetchError && (error.reason === 'private' || error.reason === 'invalid')) {
        throw new AppError(error.reason === 'private' ? ErrorCode.forbidden : ErrorCode.validation, reason);
      }
      return this.record({ userId, sessionId, kind: 'url', url, title: url, reason });
    }
    const readable = readableText(page.body, page.contentType, url);
    if (readable.text.length < 20) {
      return this.record({ userId, sessionId, kind: 'url', url, title: readable.title, reason: '网页没有可读的正文' });
    }
    const body = `${readable.title}\n${page.url}\n\n${readable.text}`;
    const room = await this.files.quota.room(userId);
    const file = await this.files.saveUpload({
      ownerId: userId,
      module: PAGE_MODULE,
      rawName: `${readable.title.slice(0, 80).replace(/[\\/:*?"<>|]/g, ' ') || 'page'}.txt`,
      body: Readable.from([Buffer.from(body)]),
      rules: { kinds: ['txt'], maxBytes: this.documents.config.max_file_bytes },
      room,
    });
    await this.documents.add(file, sessionCollection(sessionId));
    return this.record({ userId, sessionId, kind: 'url', url: page.url, fileId: file.id, title: readable.title });
  }

  async addFile(userId: number, sessionId: string, fileId: string): Promise<SearchParseInfo> {
    // Any upload of the caller's (a session file, a report, a common upload); anyone else's id
    // answers as unknown. A file already in the pipeline is found by every run as it is.
    const [file] = await this.db
      .select()
      .from(files)
      .where(and(eq(files.id, fileId), eq(files.ownerId, userId)));
    if (!file) throw resourceGone();
    const [existing] = await this.db.select().from(documents).where(eq(documents.fileId, file.id));
    if (!existing) await this.documents.add(file, sessionCollection(sessionId));
    return this.record({ userId, sessionId, kind: 'file', fileId: file.id, title: file.displayName });
  }

  async info(userId: number, parseId: string): Promise<SearchParseInfo> {
    const [row] = await this.db
      .select()
      .from(searchParses)
      .where(and(eq(searchParses.id, parseId), eq(searchParses.userId, userId)));
    if (!row) throw resourceGone();
    return this.toInfo(row);
  }

  private async record(input: {
    userId: number;
    sessionId: string;
    kind: 'url' | 'file';
    url?: string;
    fileId?: string;
    title: string;
    reason?: string;
  }): Promise<SearchParseInfo> {
    const [row] = await this.db
      .insert(searchParses)
      .values({
        id: newId(),
        userId: input.userId,
        sessionId: input.sessionId,
        kind: input.kind,
        url: input.url ?? null,
        fileId: input.fileId ?? null,
        title: input.title.slice(0, 300),
        reason: input.reason ?? null,
      })
      .returning();
    return this.toInfo(row!);
  }

  private async toInfo(row: SearchParseRow): Promise<SearchParseInfo> {
    let status: SearchParseInfo['status'] = 'failed';
    let reason = row.reason;
    if (row.fileId && !row.reason) {
      const [doc] = await this.db
        .select({ status: documents.status, reason: documents.reason })
        .from(documents)
        .where(and(eq(documents.fileId, row.fileId), eq(documents.ownerId, row.userId)));
      status = doc ? doc.status : 'failed';
      reason = doc ? doc.reason : '文件已删除';
    }
    return {
      parse_id: row.id,
      session_id: row.sessionId,
      kind: row.kind,
      title: row.title,
      url: row.url,
      status,
      reason,
    };
  }
}

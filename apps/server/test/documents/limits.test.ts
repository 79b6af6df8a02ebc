import { ErrorCode, type CheckDocStatusResponse, type Session, type SessionFile } from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import { documents } from '../../src/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentsConfigSchema } from '../../src/services/documents';
import type { TestApp } from '../helper';
import { buildSessionsApp, eventually, get, pdfOf, post, tokenFor, upload } from '../sessions/helpers';

function withDocuments(limits: Record<string, number>) {
  return buildSessionsApp({ config: (c) => ({ ...c, documents: documentsConfigSchema.parse(limits) }) });
}

async function settledStatus(t: TestApp, token: string, sessionId: string) {
  return eventually(
    () => post<CheckDocStatusResponse>(t, token, '/api/pdf/file/check_doc_status', { session_id: sessionId }),
    (r) => r.code === 0 && r.data.settled,
  );
}

describe('document limits', () => {
  let t: TestApp;
  let admin = '';

  beforeAll(async () => {
    t = await withDocuments({ max_pages: 2, max_files_per_collection: 2 });
    admin = await tokenFor(t, 'admin');
  });
  afterAll(async () => t?.close());

  it('fails a PDF over the page limit and refuses files past the session limit', async () => {
    const { env } = await upload<SessionFile>(t, admin, 'pdf', 'long.pdf', await pdfOf(['one', 'two', 'three']));
    const sessionId = env.data.session_id;
    const status = await settledStatus(t, admin, sessionId);
    expect(status.data.list[0]).toMatchObject({ status: 'failed', reason: '页数超过上限（最多 2 页）' });

    expect((await upload(t, admin, 'pdf', 'b.pdf', await pdfOf(['fine text here']), sessionId)).env.code).toBe(0);
    const third = await upload(t, admin, 'pdf', 'c.pdf', await pdfOf(['fine text here']), sessionId);
    expect(third.env).toMatchObject({ code: ErrorCode.validation, message: '每个会话最多上传 2 个文件' });
  });
});

describe('the file size limit', () => {
  let t: TestApp;
  let admin = '';

  beforeAll(async () => {
    t = await withDocuments({ max_file_bytes: 2_000 });
    admin = await tokenFor(t, 'admin');
  });
  afterAll(async () => t?.close());

  it('refuses a larger file with its limit in Chinese, creating no session and storing nothing', async () => {
    const big = await pdfOf(
      Array.from({ length: 8 }, (_, i) => `Page ${i + 1} of a document too large for the limit.`),
    );
    expect(big.length).toBeGreaterThan(2_000);
    const refused = await upload(t, admin, 'pdf', 'big.pdf', big);
    expect(refused.status).toBe(413);
    expect(refused.env).toMatchObject({ code: ErrorCode.tooLarge, message: '文件大小不能超过2KB' });
    const list = await get<{ session_list: Session[] }>(t, admin, '/api/pdf/session/list');
    expect(list.data.session_list).toEqual([]);
    expect(await t.app.db.select().from(documents)).toEqual([]);
  });
});

describe('a parse that runs too long', () => {
  let t: TestApp;
  let admin = '';

  beforeAll(async () => {
    t = await withDocuments({ parse_timeout_ms: 1 });
    admin = await tokenFor(t, 'admin');
  });
  afterAll(async () => t?.close());

  it('is stopped with its worker and fails with a reason; the server goes on', async () => {
    const { env } = await upload<SessionFile>(t, admin, 'pdf', 'slow.pdf', await pdfOf(['some text on a page']));
    const status = await settledStatus(t, admin, env.data.session_id);
    expect(status.data.list[0]).toMatchObject({ status: 'failed', reason: '解析超时，请稍后重试' });
    const list = await get<{ session_list: Session[] }>(t, admin, '/api/pdf/session/list');
    expect(list.code).toBe(0);
  });
});

describe('a parse whose job died for good', () => {
  let t: TestApp;
  let admin = '';

  beforeAll(async () => {
    t = await withDocuments({});
    admin = await tokenFor(t, 'admin');
  });
  afterAll(async () => t?.close());

  it('shows as failed instead of parsing forever, and reload parses it again', async () => {
    const { env } = await upload<SessionFile>(t, admin, 'pdf', 'a.pdf', await pdfOf(['text that parses fine']));
    const sessionId = env.data.session_id;
    await settledStatus(t, admin, sessionId);
    // As after a crash on the last attempt: the document says parsing, its job has failed.
    const [doc] = await t.app.db.select().from(documents).where(eq(documents.fileId, env.data.file_id));
    await t.app.db.execute(sql`update jobs set state = 'failed' where id = ${doc!.jobId}`);
    await t.app.db.update(documents).set({ status: 'parsing' }).where(eq(documents.fileId, env.data.file_id));

    const status = await post<CheckDocStatusResponse>(t, admin, '/api/pdf/file/check_doc_status', {
      session_id: sessionId,
    });
    expect(status.data).toMatchObject({
      settled: true,
      list: [expect.objectContaining({ status: 'failed', reason: '解析被中断（服务重启或异常），请重新解析' })],
    });
    await post(t, admin, '/api/pdf/file/reload', { session_id: sessionId, file_id: env.data.file_id });
    const again = await settledStatus(t, admin, sessionId);
    expect(again.data.list[0]!.status).toBe('ready');

    // The same after a crash while scanned pages were being read.
    const [reloaded] = await t.app.db.select().from(documents).where(eq(documents.fileId, env.data.file_id));
    await t.app.db.execute(sql`update jobs set state = 'failed' where id = ${reloaded!.jobId}`);
    await t.app.db
      .update(documents)
      .set({ status: 'ocr', ocrDone: 2, ocrTotal: 5 })
      .where(eq(documents.fileId, env.data.file_id));
    const afterOcr = await post<CheckDocStatusResponse>(t, admin, '/api/pdf/file/check_doc_status', {
      session_id: sessionId,
    });
    expect(afterOcr.data).toMatchObject({
      settled: true,
      list: [expect.objectContaining({ status: 'failed', ocr_progress: null })],
    });
  });
});

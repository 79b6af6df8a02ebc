import { readFileSync } from 'node:fs';
import { type CheckDocStatusResponse, docStatusText, type SessionFile, type SessionMessage } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodePng } from '../../src/services/documents/ocr/png-encoder';
import { parseInWorker } from '../../src/services/documents/parse-runner';
import type { TestApp } from '../helper';
import { buildSessionsApp, eventually, mixedPdfOf, post, streamPost, tokenFor, upload } from '../sessions/helpers';

/** A screenshot of printed text: 扫描页的年度预算是八百万元 / Scanned budget 2026 (no text layer once in a PDF). */
const SCAN = readFileSync(new URL('./fixtures/scanned-page.png', import.meta.url));
const TEXT_PAGE = 'Introduction of the Vega plan.\nThe plan covers three regional offices.';
const PDF_MIME = 'application/pdf';

/** OCR loads a wasm engine and language models; a busy machine needs room. */
const OCR_WAIT_MS = 120_000;

describe('OCR of scanned PDF pages', () => {
  let t: TestApp;
  let admin = '';

  const status = (session: string, ids: string[]) =>
    post<CheckDocStatusResponse>(t, admin, '/api/pdf/file/check_doc_status', { session_id: session, file_ids: ids });

  beforeAll(async () => {
    t = await buildSessionsApp();
    admin = await tokenFor(t, 'admin');
  });
  afterAll(async () => t?.close());

  it(
    'reads a scanned page in the parse worker, reporting pages done of pages to read',
    async () => {
      const progress: string[] = [];
      const parsed = await parseInWorker(
        PDF_MIME,
        await mixedPdfOf([TEXT_PAGE, { scan: SCAN }]),
        { maxPages: 10, maxRows: 10, ocr: { workers: 1 } },
        { timeoutMs: OCR_WAIT_MS, memoryMb: 512, onOcrProgress: (done, total) => progress.push(`${done}/${total}`) },
      );
      expect(parsed.pageCount).toBe(2);
      // The text page keeps its text layer; only page 2 went through OCR.
      expect(parsed.units[0]).toMatchObject({ page: 1, text: expect.stringContaining('three regional offices') });
      expect(parsed.units[1]!.page).toBe(2);
      expect(parsed.units[1]!.text).toContain('年度预算');
      expect(parsed.units[1]!.text).toContain('八百万元');
      expect(parsed.units[1]!.text).toMatch(/budget/i);
      expect(progress).toEqual(['0/1', '1/1']);
    },
    OCR_WAIT_MS,
  );

  it(
    'makes a mixed file ready and answers from the scanned page, citing it',
    async () => {
      const { env } = await upload<SessionFile>(
        t,
        admin,
        'pdf',
        'vega-scan.pdf',
        await mixedPdfOf([TEXT_PAGE, { scan: SCAN }]),
      );
      expect(env.code).toBe(0);
      const sessionId = env.data.session_id;
      const fileId = env.data.file_id;
      const seen = new Set<string>();
      const settled = await eventually(
        () => status(sessionId, [fileId]),
        (r) => {
          const entry = r.data.list[0];
          if (entry) seen.add(docStatusText(entry.status, entry.ocr_progress));
          return r.code === 0 && r.data.settled;
        },
        OCR_WAIT_MS,
      );
      expect(settled.data.list[0]).toMatchObject({ status: 'ready', reason: null, page_count: 2, ocr_progress: null });
      // Whatever the polls caught, OCR progress reads as pages in Chinese, never raw numbers.
      for (const label of seen) expect(label).toMatch(/^(排队中|解析中|识别中( \d+\/1 页)?|已就绪)$/);

      const { events } = await streamPost(t, admin, '/api/pdf/message/receive', {
        session_id: sessionId,
        prompt: '年度预算是多少？',
      });
      const citations = events[0]!.data.citations as SessionMessage['citations'];
      expect(citations[0]).toMatchObject({ file_id: fileId, page: 2 });
      expect(citations[0]!.quote).toContain('八百万元');
    },
    OCR_WAIT_MS * 2,
  );

  it(
    'fails a file where neither the text layer nor OCR finds anything, in Chinese',
    async () => {
      // A blank page and a scan of a white sheet: nothing to read anywhere.
      const white = encodePng({ data: new Uint8Array(600 * 150).fill(255), width: 600, height: 150, channels: 1 });
      const { env } = await upload<SessionFile>(
        t,
        admin,
        'pdf',
        'blank-scan.pdf',
        await mixedPdfOf(['', { scan: white }]),
      );
      const settled = await eventually(
        () => status(env.data.session_id, [env.data.file_id]),
        (r) => r.code === 0 && r.data.settled,
        OCR_WAIT_MS,
      );
      expect(settled.data.list[0]).toMatchObject({ status: 'failed', chunk_count: 0 });
      expect(settled.data.list[0]!.reason).toContain('扫描件中也未识别出内容');
    },
    OCR_WAIT_MS,
  );
});

describe('OCR switched off', () => {
  let t: TestApp;
  afterAll(async () => t?.close());

  it(
    'keeps the no-text-layer failure for a scan',
    async () => {
      t = await buildSessionsApp({ config: (c) => ({ ...c, documents: { ...c.documents, ocr: false } }) });
      const admin = await tokenFor(t, 'admin');
      const { env } = await upload<SessionFile>(t, admin, 'pdf', 'scan.pdf', await mixedPdfOf([{ scan: SCAN }]));
      const settled = await eventually(
        () =>
          post<CheckDocStatusResponse>(t, admin, '/api/pdf/file/check_doc_status', {
            session_id: env.data.session_id,
            file_ids: [env.data.file_id],
          }),
        (r) => r.code === 0 && r.data.settled,
        OCR_WAIT_MS,
      );
      expect(settled.data.list[0]).toMatchObject({ status: 'failed' });
      expect(settled.data.list[0]!.reason).toContain('暂不支持 OCR');
    },
    OCR_WAIT_MS,
  );
});

import { readFileSync } from 'node:fs';
import { type CheckDocStatusResponse, type SessionFile } from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import { imageSize } from 'image-size';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../../src/db/schema';
import { documentsConfigSchema } from '../../src/services/documents';
import { OcrService } from '../../src/services/documents/ocr/ocr-service';
import { parseInWorker } from '../../src/services/documents/parse-runner';
import type { TestApp } from '../helper';
import { buildSessionsApp, eventually, mixedPdfOf, post, tokenFor, upload } from '../sessions/helpers';
import { imageBombPdf } from './image-bomb';

/** A screenshot of printed text (no text layer once in a PDF). */
const SCAN = readFileSync(new URL('./fixtures/scanned-page.png', import.meta.url));
const PDF_MIME = 'application/pdf';
const TEXT_PAGE = 'The budget review of the Vega plan covers three regional offices.';
/** The smallest budget the config takes: a 2000×2000 image (4 Mpx, 4 MB gray) is over it. */
const BUDGET = 1_000_000;
const WAIT_MS = 60_000;

/** An OCR service whose engine only records the images it is given (their pixel size, from the PNG header). */
function recordingOcr(): { ocr: OcrService; seen: { width: number; height: number }[] } {
  const seen: { width: number; height: number }[] = [];
  const ocr = new OcrService({
    workers: 1,
    createPool: async () => ({
      recognize: async (image) => {
        const { width, height } = imageSize(image);
        seen.push({ width, height });
        return '扫描页上识别出的文字内容';
      },
      close: async () => undefined,
    }),
  });
  return { ocr, seen };
}

function parseWithBudget(bytes: Uint8Array, ocr: OcrService, maxImagePixels = BUDGET) {
  return parseInWorker(
    PDF_MIME,
    bytes,
    { maxPages: 10, maxRows: 10, ocr: { workers: 1, maxImagePixels } },
    { timeoutMs: WAIT_MS, memoryMb: 512, ocr },
  );
}

describe('the pixel budget of images read by OCR', () => {
  it(
    'skips images declaring more pixels than the budget without decoding them, noting their page',
    async () => {
      const { ocr, seen } = recordingOcr();
      const bomb = await imageBombPdf({ width: 2000, height: 2000, imagesPerPage: 2, textPage: TEXT_PAGE });
      const parsed = await parseWithBudget(new Uint8Array(bomb), ocr);
      // Nothing of the images reached OCR: pdf.js dropped them on their declared size.
      expect(seen).toEqual([]);
      expect(parsed.pageCount).toBe(2);
      expect(parsed.units[0]).toMatchObject({ page: 1, text: TEXT_PAGE });
      expect(parsed.units[1]).toMatchObject({ page: 2, text: '[图片过大，已跳过识别]' });
      expect(parsed.note).toBe('第 2 页图片过大，已跳过识别');
      await ocr.close();
    },
    WAIT_MS,
  );

  it(
    'fails a file of nothing but oversized images with the pages named',
    async () => {
      const { ocr, seen } = recordingOcr();
      const bomb = await imageBombPdf({ width: 2000, height: 2000, imagesPerPage: 1, pages: 2 });
      await expect(parseWithBudget(new Uint8Array(bomb), ocr)).rejects.toMatchObject({
        reason: '第 1、2 页图片过大，已跳过识别',
      });
      expect(seen).toEqual([]);
      await ocr.close();
    },
    WAIT_MS,
  );

  it(
    'still reads a normal scanned page, and an image within the budget',
    async () => {
      const { ocr, seen } = recordingOcr();
      const scan = imageSize(SCAN);
      const parsed = await parseWithBudget(new Uint8Array(await mixedPdfOf([TEXT_PAGE, { scan: SCAN }])), ocr);
      expect(seen).toEqual([{ width: scan.width, height: scan.height }]);
      expect(parsed.units[1]).toMatchObject({ page: 2, text: '扫描页上识别出的文字内容' });
      expect(parsed.note).toBeUndefined();

      const within = await imageBombPdf({ width: 2000, height: 2000, imagesPerPage: 1 });
      await parseWithBudget(new Uint8Array(within), ocr, 4_000_000);
      expect(seen.at(-1)).toEqual({ width: 2000, height: 2000 });
      await ocr.close();
    },
    WAIT_MS,
  );

  it(
    'scales a large image down before OCR',
    async () => {
      const { ocr, seen } = recordingOcr();
      // 20 Mpx: within the default budget, above what OCR is given (9 Mpx): halved on each side.
      const large = await imageBombPdf({ width: 5000, height: 4000, imagesPerPage: 1 });
      await parseWithBudget(new Uint8Array(large), ocr, 40_000_000);
      expect(seen).toEqual([{ width: 2500, height: 2000 }]);
      await ocr.close();
    },
    WAIT_MS,
  );
});

describe("the parse worker's heap limit", () => {
  it(
    'fails a parse that reaches it with a reason that says the file is too large',
    async () => {
      // 8 MB is less than the worker needs to load its parsers: it dies on the limit at once.
      const bytes = new Uint8Array(await mixedPdfOf([TEXT_PAGE]));
      await expect(
        parseInWorker(PDF_MIME, bytes, { maxPages: 10, maxRows: 10 }, { timeoutMs: WAIT_MS, memoryMb: 8 }),
      ).rejects.toMatchObject({ reason: '文件过大或过于复杂，无法解析' });
    },
    WAIT_MS,
  );
});

async function settled(t: TestApp, token: string, sessionId: string) {
  const done = await eventually(
    () => post<CheckDocStatusResponse>(t, token, '/api/pdf/file/check_doc_status', { session_id: sessionId }),
    (r) => r.code === 0 && r.data.settled,
    WAIT_MS,
  );
  return done.data.list[0]!;
}

describe('a bomb uploaded to a session', () => {
  let t: TestApp;
  let admin = '';

  beforeAll(async () => {
    t = await buildSessionsApp({
      config: (c) => ({ ...c, documents: documentsConfigSchema.parse({ max_image_pixels: BUDGET }) }),
    });
    admin = await tokenFor(t, 'admin');
  });
  afterAll(async () => t?.close());

  it(
    'is ready with its text, the skipped page noted in the file and in the page',
    async () => {
      const bomb = await imageBombPdf({ width: 2000, height: 2000, imagesPerPage: 2, textPage: TEXT_PAGE });
      const { env } = await upload<SessionFile>(t, admin, 'pdf', 'bomb.pdf', bomb);
      const entry = await settled(t, admin, env.data.session_id);
      expect(entry).toMatchObject({ status: 'ready', page_count: 2, reason: '第 2 页图片过大，已跳过识别' });
      const chunks = await t.app.db.execute(
        sql`select page, text from document_chunks where file_id = ${env.data.file_id} order by ord`,
      );
      const rows = (chunks as unknown as { rows: { page: number; text: string }[] }).rows;
      expect(rows.map((r) => r.text).join('\n')).toContain('图片过大，已跳过识别');
    },
    WAIT_MS,
  );
});

describe('a parse cut short by the server dying', () => {
  let t: TestApp;
  let admin = '';

  beforeAll(async () => {
    t = await buildSessionsApp();
    admin = await tokenFor(t, 'admin');
  });
  afterAll(async () => t?.close());

  /** Puts the file's parse job back as run by a server that died with its lease, the document in OCR. */
  async function asIfItsServerDied(fileId: string) {
    const [doc] = await t.app.db.select().from(documents).where(eq(documents.fileId, fileId));
    await t.app.db.update(documents).set({ status: 'ocr' }).where(eq(documents.fileId, fileId));
    await t.app.db.execute(
      sql`update jobs set state = 'active', attempts = 1, locked_by = 'elsewhere:1:x', locked_host = 'elsewhere',
            locked_pid = 1, lease_until = now() - interval '1 second' where id = ${doc!.jobId}`,
    );
    return doc!.jobId!;
  }

  it(
    'is not parsed again: the file fails for good with a reason',
    async () => {
      const { env } = await upload<SessionFile>(t, admin, 'pdf', 'a.pdf', await mixedPdfOf([TEXT_PAGE]));
      await settled(t, admin, env.data.session_id);
      const jobId = await asIfItsServerDied(env.data.file_id);
      await eventually(
        async () => (await t.app.services.jobs.get(jobId))?.state,
        (state) => state === 'done' || state === 'failed',
        WAIT_MS,
      );
      const entry = await settled(t, admin, env.data.session_id);
      expect(entry).toMatchObject({
        status: 'failed',
        reason: '解析时服务异常退出，文件可能过大或过于复杂，未自动重试；可重新解析',
      });
      expect(await t.app.services.jobs.get(jobId)).toMatchObject({ attempts: 2 });
    },
    WAIT_MS,
  );

  it(
    'while a parse its server stopped in good order runs again',
    async () => {
      const { env } = await upload<SessionFile>(t, admin, 'pdf', 'b.pdf', await mixedPdfOf([TEXT_PAGE]));
      await settled(t, admin, env.data.session_id);
      // As a server that stopped mid-OCR leaves it: the document in OCR, its job queued again.
      const [doc] = await t.app.db.select().from(documents).where(eq(documents.fileId, env.data.file_id));
      await t.app.db.update(documents).set({ status: 'ocr' }).where(eq(documents.fileId, env.data.file_id));
      await t.app.db.execute(
        sql`update jobs set state = 'queued', attempts = 1, last_error = 'parse stopped', run_at = now()
            where id = ${doc!.jobId}`,
      );
      await eventually(
        async () => (await t.app.services.jobs.get(doc!.jobId!))?.state,
        (state) => state === 'done' || state === 'failed',
        WAIT_MS,
      );
      const entry = await settled(t, admin, env.data.session_id);
      expect(entry).toMatchObject({ status: 'ready', reason: null });
      expect(await t.app.services.jobs.get(doc!.jobId!)).toMatchObject({ state: 'done', attempts: 2 });
    },
    WAIT_MS,
  );
});

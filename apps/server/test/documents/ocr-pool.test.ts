import { readFileSync } from 'node:fs';
import { type CheckDocStatusResponse, docStatusText, type SessionFile } from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { documentChunks, documents } from '../../src/db/schema';
import type { OcrPool } from '../../src/services/documents/ocr/ocr-pool';
import { OcrService } from '../../src/services/documents/ocr/ocr-service';
import { PausableDeadline } from '../../src/services/documents/pausable-deadline';
import type { TestApp } from '../helper';
import { buildSessionsApp, eventually, mixedPdfOf, post, tokenFor, upload } from '../sessions/helpers';

/** A screenshot of printed text: 扫描页的年度预算是八百万元 / Scanned budget 2026. */
const SCAN = readFileSync(new URL('./fixtures/scanned-page.png', import.meta.url));
/** OCR loads a wasm engine and language models; a busy machine needs room. */
const OCR_WAIT_MS = 240_000;

/** An engine whose pages finish only when the test says so. */
function gatedEngine() {
  const open: { image: string; finish: () => void }[] = [];
  let created = 0;
  const createPool = async (): Promise<OcrPool> => {
    created++;
    return {
      recognize: (image) =>
        new Promise((resolve) => open.push({ image: image.toString(), finish: () => resolve(`text of ${image}`) })),
      close: async () => undefined,
    };
  };
  return { open, createPool, created: () => created };
}

const settle = () => new Promise((r) => setImmediate(r));

describe('the server-wide OCR pool', () => {
  it('reads at most its bound of pages at once, the rest wait in arrival order', async () => {
    const engine = gatedEngine();
    const ocr = new OcrService({ workers: 2, createPool: engine.createPool });
    const queued: string[] = [];
    const started: string[] = [];
    const results = ['a', 'b', 'c', 'd', 'e'].map((page) =>
      ocr.recognize(Buffer.from(page), { onQueued: () => queued.push(page), onStarted: () => started.push(page) }),
    );
    await settle();
    expect(engine.open.map((o) => o.image)).toEqual(['a', 'b']);
    expect(queued).toEqual(['c', 'd', 'e']);
    expect(ocr.stats).toMatchObject({ active: 2, waiting: 3 });

    engine.open.shift()!.finish();
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);
    while (engine.open.length > 0) {
      engine.open.shift()!.finish();
      await settle();
    }
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd', 'e'].map((p) => `text of ${p}`));
    expect(ocr.stats).toMatchObject({ active: 0, waiting: 0, peakActive: 2, peakWaiting: 3, recognized: 5 });
    // One engine for the whole server, not one per caller.
    expect(engine.created()).toBe(1);
    await ocr.close();
  });

  it('lets a page leave the line when its parse ends, and fails waiting pages on close', async () => {
    const engine = gatedEngine();
    const ocr = new OcrService({ workers: 1, createPool: engine.createPool });
    const first = ocr.recognize(Buffer.from('a'));
    const gone = new AbortController();
    const abandoned = ocr.recognize(Buffer.from('b'), { signal: gone.signal });
    const waiting = ocr.recognize(Buffer.from('c'));
    await settle();
    gone.abort();
    await expect(abandoned).rejects.toThrow();
    expect(ocr.stats.waiting).toBe(1);
    engine.open.shift()!.finish();
    await settle();
    // The abandoned page was never read: the next one took the turn.
    expect(engine.open.map((o) => o.image)).toEqual(['c']);
    const last = ocr.recognize(Buffer.from('d'));
    await ocr.close();
    await expect(last).rejects.toThrow();
    await expect(ocr.recognize(Buffer.from('e'))).rejects.toThrow();
    expect(await first).toBe('text of a');
    engine.open.shift()!.finish();
    expect(await waiting).toBe('text of c');
  });
});

describe('a parse deadline that waits for OCR', () => {
  afterEach(() => vi.useRealTimers());

  it('does not run while paused and can be extended', () => {
    vi.useFakeTimers();
    const expired = vi.fn();
    const deadline = new PausableDeadline(1_000, expired);
    vi.advanceTimersByTime(600);
    deadline.pause();
    vi.advanceTimersByTime(10_000);
    expect(expired).not.toHaveBeenCalled();
    deadline.resume();
    deadline.extend(500);
    vi.advanceTimersByTime(899);
    expect(expired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(expired).toHaveBeenCalledOnce();
  });
});

describe('documents sharing one OCR worker', () => {
  let t: TestApp;
  let admin = '';

  beforeAll(async () => {
    t = await buildSessionsApp({
      config: (c) => ({ ...c, documents: { ...c.documents, ocr_workers: 1, concurrency: 2 } }),
    });
    admin = await tokenFor(t, 'admin');
  });
  afterAll(async () => t?.close());

  it(
    'parses two image-only PDFs at once without ever reading more than one page at a time',
    async () => {
      const pdf = await mixedPdfOf([{ scan: SCAN }, { scan: SCAN }]);
      const [a, b] = await Promise.all([
        upload<SessionFile>(t, admin, 'pdf', 'scan-a.pdf', pdf),
        upload<SessionFile>(t, admin, 'pdf', 'scan-b.pdf', pdf),
      ]);
      const sessions = [a!.env.data, b!.env.data];
      const seen = new Set<string>();
      const statusOf = async () =>
        Promise.all(
          sessions.map(async (f) => {
            const r = await post<CheckDocStatusResponse>(t, admin, '/api/pdf/file/check_doc_status', {
              session_id: f.session_id,
              file_ids: [f.file_id],
            });
            const entry = r.data.list[0]!;
            seen.add(docStatusText(entry.status, entry.ocr_progress));
            return entry;
          }),
        );
      const settled = await eventually(
        statusOf,
        (list) => list.every((e) => e.status === 'ready' || e.status === 'failed'),
        OCR_WAIT_MS,
      );
      for (const entry of settled) expect(entry).toMatchObject({ status: 'ready', page_count: 2 });

      const { stats } = t.app.services.documents.ocr;
      expect(stats.recognized).toBe(4);
      expect(stats.peakActive).toBe(1);
      // The two parses overlapped: pages of one waited for the other's.
      expect(stats.peakWaiting).toBeGreaterThanOrEqual(1);
      for (const label of seen) expect(label).toMatch(/^(排队中|解析中|(识别中|等待识别) \d\/2 页|已就绪)$/);
      expect([...seen].some((label) => label.startsWith('等待识别 0/2 页'))).toBe(true);

      // Both read their scans.
      for (const f of sessions) {
        const chunks = await t.app.db.select().from(documentChunks).where(eq(documentChunks.fileId, f.file_id));
        expect(chunks.map((c) => c.text).join('')).toContain('八百万元');
      }
    },
    OCR_WAIT_MS,
  );
});

describe('a server stopping during OCR', () => {
  let snapshot: { status: string; jobState: string | undefined }[] = [];
  /** What a restarted process finds: read in the last hook before the database closes. */
  const snapshotOnClose: FastifyPluginAsync = async (app) => {
    app.addHook('onClose', async (instance) => {
      const docs = await instance.db.select().from(documents);
      snapshot = await Promise.all(
        docs.map(async (d) => ({
          status: d.status,
          jobState: d.jobId === null ? undefined : (await instance.services.jobs.get(d.jobId))?.state,
        })),
      );
    });
  };

  it(
    'leaves the document to be parsed again by the next process, never failed',
    async () => {
      const t = await buildSessionsApp({
        extraRoutes: [snapshotOnClose],
        config: (c) => ({ ...c, documents: { ...c.documents, ocr_workers: 1 } }),
      });
      const admin = await tokenFor(t, 'admin');
      const { env } = await upload<SessionFile>(
        t,
        admin,
        'pdf',
        'long-scan.pdf',
        await mixedPdfOf([{ scan: SCAN }, { scan: SCAN }, { scan: SCAN }, { scan: SCAN }]),
      );
      await eventually(
        () => t.app.db.select().from(documents).where(eq(documents.fileId, env.data.file_id)),
        ([doc]) => doc?.status === 'ocr',
        OCR_WAIT_MS,
      );
      await t.close();
      expect(snapshot).toEqual([{ status: 'ocr', jobState: 'queued' }]);
    },
    OCR_WAIT_MS,
  );
});

import { readFileSync } from 'node:fs';
import type { SessionFile } from '@portal/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chunkTerms, documentChunks, documents } from '../../src/db/schema';
import { normalizeText, normalizeWithOffsets, searchForm } from '../../src/services/documents/normalize-text';
import { parseDocument } from '../../src/services/documents/parsers';
import { TEXT_FORM } from '../../src/services/documents/text-form';
import { tokenize } from '../../src/services/documents/tokenize';
import type { TestApp } from '../helper';
import { buildSessionsApp, eventually, tokenFor, upload } from '../sessions/helpers';
import { cjkTextPdf, headingAboveScanPdf } from './cjk-text-pdf';
import { seedDocument } from './seed';

/** The text layer as Chromium's print output writes it: 二 and 十 as Kangxi radicals, 长 and 门 from the supplement. */
const RADICAL_LINE = '全年预算四百\u2F06\u2F17万元';
const SUPPLEMENT_LINE = '\u2ED3江\u2ED4户项目';
const LIMITS = { maxPages: 10, maxRows: 10 };
const PDF_MIME = 'application/pdf';
/** OCR loads a wasm engine and language models; a busy machine needs room. */
const OCR_WAIT_MS = 180_000;

describe('one written form for extracted text', () => {
  it('folds Kangxi radicals, supplement radicals and compatibility forms; keeps Chinese punctuation', () => {
    expect(normalizeText(`${RADICAL_LINE}，${SUPPLEMENT_LINE}`)).toBe('全年预算四百二十万元，长江门户项目');
    // A compatibility ideograph (U+F9D1) and full-width letters and digits fold; （）： stay as written.
    expect(normalizeText('\uF9D1月营收（ＡＢＣ１２３）：')).toBe('六月营收（ABC123）：');
    // Search terms fold punctuation too, and a question typed with radicals meets the same terms.
    expect(searchForm('（四百\u2F06\u2F17万）')).toBe('(四百二十万)');
    expect(tokenize('四百\u2F06\u2F17万')).toEqual(tokenize('四百二十万'));
    const once = normalizeText('ｶﾞ ⼀㎡');
    expect(normalizeText(once)).toBe(once);
  });

  it('moves character offsets with the characters when a character grows', () => {
    const { text, offset } = normalizeWithOffsets('面积12㎡，\u2F06楼');
    expect(text).toBe('面积12m2，二楼');
    expect(text.slice(offset(6), offset(8))).toBe('二楼');
    expect(text.slice(offset(0), offset(5))).toBe('面积12m2');
  });

  it('extracts the ordinary characters from a PDF whose text layer carries radicals, with their boxes', async () => {
    const pdf = await cjkTextPdf([
      [
        { text: RADICAL_LINE, y: 360 },
        { text: SUPPLEMENT_LINE, y: 330 },
      ],
    ]);
    const parsed = await parseDocument(PDF_MIME, new Uint8Array(pdf), LIMITS);
    const [unit] = parsed.units;
    expect(unit!.text).toContain('全年预算四百二十万元');
    expect(unit!.text).toContain('长江门户项目');
    expect(unit!.text).not.toMatch(/[\u2E80-\u2FDF]/u);
    // The boxes still cover the characters they did: the first line's box holds the first line.
    const box = unit!.layout!.boxes[0]!;
    expect(unit!.text.slice(box.start, box.end)).toBe('全年预算四百二十万元');
  });

  it('normalises Word-free plain text and tables too (every parser goes through it)', async () => {
    const text = await parseDocument('text/plain', Buffer.from(`${RADICAL_LINE}\n\n${SUPPLEMENT_LINE}`), LIMITS);
    expect(text.units.map((u) => u.text)).toEqual(['全年预算四百二十万元', '长江门户项目']);
    const csv = await parseDocument(
      'text/csv',
      Buffer.from(`项目,预算\n${SUPPLEMENT_LINE},四百\u2F06\u2F17万\n`),
      LIMITS,
    );
    // A table row: its text column, then the other columns on an attribute line (sessions' insight).
    expect(csv.units[0]!.text).toBe('长江门户项目\n〔预算：四百二十万〕');
  });
});

describe('searching PDFs with ordinary characters', () => {
  let t: TestApp;
  let admin = '';

  beforeAll(async () => {
    t = await buildSessionsApp();
    admin = await tokenFor(t, 'admin');
  });
  afterAll(async () => t?.close());

  const ready = async (fileId: string, waitMs?: number) =>
    eventually(
      async () => (await t.app.db.select().from(documents).where(eq(documents.fileId, fileId)))[0],
      (doc) => doc?.status === 'ready' || doc?.status === 'failed',
      waitMs,
    );

  it('stores and finds 四百二十万 in a PDF printed with radicals, whichever way the question is typed', async () => {
    const pdf = await cjkTextPdf([[{ text: RADICAL_LINE, y: 360 }], [{ text: SUPPLEMENT_LINE, y: 360 }]]);
    const { env } = await upload<SessionFile>(t, admin, 'pdf', 'budget-print.pdf', pdf);
    expect(env.code).toBe(0);
    const doc = await ready(env.data.file_id);
    expect(doc).toMatchObject({ status: 'ready', textForm: TEXT_FORM });
    const chunks = await t.app.db.select().from(documentChunks).where(eq(documentChunks.fileId, env.data.file_id));
    expect(chunks.map((c) => c.text).join('\n')).toContain('四百二十万');

    const { documents: service } = t.app.services;
    for (const question of ['全年预算四百二十万元是多少', '四百\u2F06\u2F17万']) {
      const hits = await service.search(env.data.session_id, doc!.ownerId, question, 3);
      expect(hits[0]?.chunk.text).toContain('四百二十万');
      expect(hits[0]?.chunk.page).toBe(1);
    }
    const other = await service.search(env.data.session_id, doc!.ownerId, '长江', 3);
    expect(other[0]?.chunk.page).toBe(2);
  });

  it(
    'reads a scan under a heading by OCR, in reading order with the page text, and finds it by a question',
    async () => {
      // The scan with its paper margins: an image covering most of the page, as a scanned attachment does.
      const scan = await sharp(readFileSync(new URL('./fixtures/scanned-page.png', import.meta.url)))
        .extend({ top: 260, bottom: 260, background: '#ffffff' })
        .png()
        .toBuffer();
      const pdf = await headingAboveScanPdf(
        'Attachment A-1',
        [{ text: '附件扫描件：二〇二六年度预算批复文件', y: 365 }],
        scan,
        [{ text: '以上扫描件由财务部提供存档备查', y: 30, size: 12 }],
      );
      const { env } = await upload<SessionFile>(t, admin, 'pdf', 'attachment-scan.pdf', pdf);
      expect(env.code).toBe(0);
      const doc = await ready(env.data.file_id, OCR_WAIT_MS);
      expect(doc).toMatchObject({ status: 'ready', reason: null });
      const chunks = await t.app.db
        .select()
        .from(documentChunks)
        .where(eq(documentChunks.fileId, env.data.file_id))
        .orderBy(asc(documentChunks.ord));
      const text = chunks.map((c) => c.text).join('\n');
      // Heading, then what the scan says, then the caption under it.
      const heading = text.indexOf('附件扫描件');
      const scanned = text.indexOf('八百万元');
      const caption = text.indexOf('以上扫描件');
      expect(heading).toBeGreaterThanOrEqual(0);
      expect(scanned).toBeGreaterThan(heading);
      expect(caption).toBeGreaterThan(scanned);

      const hits = await t.app.services.documents.search(env.data.session_id, doc!.ownerId, '年度预算八百万元', 3);
      expect(hits[0]?.chunk.text).toContain('八百万元');
    },
    OCR_WAIT_MS + 30_000,
  );

  it('rewrites documents stored with radicals once, by a durable job, resumably and idempotently', async () => {
    const { db, services } = t.app;
    const ownerId = (await db.select({ ownerId: documents.ownerId }).from(documents).limit(1))[0]!.ownerId;
    // Stored as parsed before normalisation: radicals in the chunks and in their terms.
    const stored: string[] = [];
    for (const collection of ['old-a', 'old-b']) {
      const pages = [RADICAL_LINE, SUPPLEMENT_LINE];
      stored.push(await seedDocument(db, { ownerId, collection, name: `${collection}.pdf`, pages }));
    }
    await db.update(documents).set({ textForm: 0 }).where(inArray(documents.fileId, stored));
    const found = async (fileId: string) => {
      const [doc] = await db.select().from(documents).where(eq(documents.fileId, fileId));
      return services.documents.search(doc!.collection, ownerId, '四百二十万', 3);
    };
    // The passage quoted to the user holds the radicals: the browser's find misses 四百二十万 in it.
    expect((await found(stored[0]!))[0]?.chunk.text).toContain('四百\u2F06\u2F17万');

    // A run stopped after its first document leaves the others in their old form.
    const stop = new AbortController();
    await expect(
      services.documents.textForm.run(stop.signal, async () => {
        stop.abort();
      }),
    ).rejects.toThrow();
    const forms = async () =>
      (await db.select().from(documents).where(inArray(documents.fileId, stored))).filter(
        (d) => d.textForm < TEXT_FORM,
      );
    const left = (await forms()).length;
    expect(left).toBeGreaterThan(0);

    // The job takes up the rest; a second run finds nothing to do.
    expect(await services.documents.textForm.queueIfNeeded(services.jobs)).toBe(true);
    await eventually(forms, (rows) => rows.length === 0);
    for (const fileId of stored) {
      const chunks = await db.select().from(documentChunks).where(eq(documentChunks.fileId, fileId));
      expect(chunks.map((c) => c.text).join('\n')).toContain('全年预算四百二十万元');
      expect(chunks.map((c) => c.text).join('\n')).toContain('长江门户项目');
      expect(await db.select().from(chunkTerms).where(eq(chunkTerms.fileId, fileId))).not.toEqual([]);
      expect((await found(fileId))[0]?.chunk.text).toContain('四百二十万元');
    }
    expect(await services.documents.textForm.run()).toEqual({ documents: 0, chunks: 0 });
    expect(await services.documents.textForm.queueIfNeeded(services.jobs)).toBe(false);
  });
});

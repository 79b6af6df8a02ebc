/**
 * The document pipeline's own costs, without HTTP or the database: parsing a generated text PDF
 * of N pages in a worker thread (as the parse job does; from the sources this includes starting
 * tsx in the worker, which the built server does not pay), chunking it; then OCR:
 * a PDF of scanned pages (the test fixture's screenshot of Chinese and English print, one per
 * page) read by tesseract in the parse worker, as pages per minute (starting the OCR pool
 * included, as every parse pays it). Memory is the process's peak resident size above its level
 * before each parse, sampled every 20 ms: the parse worker and the OCR threads live in this process.
 *
 * The fixture is a single printed line, so a full A4 page at 150 dpi (some 30 lines of dense
 * Chinese print, rendered by Debian's Chromium when present) is measured too: that is what a
 * real scan costs.
 *
 * Last, retrieval in the database over 2,000 / 20,000 / 100,000 chunks on PGlite and PostgreSQL
 * (see bench/retrieval.ts for the PostgreSQL server it uses).
 *
 * Run: node --import tsx bench/document-pipeline.ts [pages=300] [ocrPages=12] [ocrWorkers=1]
 */
import { readFileSync } from 'node:fs';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { launchBrowser } from '../e2e/browser';
import { chunkUnits } from '../apps/server/src/services/documents/chunker';
import { OcrService } from '../apps/server/src/services/documents/ocr/ocr-service';
import { parseInWorker } from '../apps/server/src/services/documents/parse-runner';
import { benchPostgres, benchRetrieval } from './retrieval';

const pages = Number(process.argv[2] ?? 300);
const ocrPages = Number(process.argv[3] ?? 12);
const ocrWorkers = Number(process.argv[4] ?? 1);

/** Runs `fn` while sampling the process's resident size; returns its result and the peak growth in MB. */
async function withPeakRss<T>(fn: () => Promise<T>): Promise<{ value: T; peakMb: number }> {
  const base = process.memoryUsage.rss();
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
  try {
    const value = await fn();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { value, peakMb: (peak - base) / 1e6 };
  } finally {
    clearInterval(timer);
  }
}

const FIXTURE = readFileSync(new URL('../apps/server/test/documents/fixtures/scanned-page.png', import.meta.url));

/** A full A4 page of print at 150 dpi as a PNG, or null without a browser. */
async function fullPageScan(): Promise<Buffer | null> {
  const browser = await launchBrowser().catch(() => null);
  if (!browser) return null;
  try {
    const page = await browser.newPage({ viewport: { width: 1240, height: 1754 } });
    const line = '第{n}条：华东区域二零二五年度销售额增长百分之十二，客户满意度保持稳定。Revenue grew in region {n}.';
    const lines = Array.from({ length: 30 }, (_, i) => `<p>${line.replaceAll('{n}', String(i + 1))}</p>`).join('');
    await page.setContent(
      `<body style="margin:0;background:#fff"><div style="font-family:'WenQuanYi Micro Hei';font-size:27px;` +
        `line-height:1.5;color:#000;padding:120px 110px">${lines}</div></body>`,
    );
    return await page.screenshot();
  } finally {
    await browser.close();
  }
}

async function scannedPdf(n: number, png: Buffer): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const scan = await doc.embedPng(png);
  for (let i = 0; i < n; i++) {
    const page = doc.addPage([595, 842]);
    const height = (scan.height / scan.width) * 535;
    page.drawImage(scan, { x: 30, y: 812 - height, width: 535, height });
  }
  return new Uint8Array(await doc.save());
}

async function generatedPdf(n: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < n; i++) {
    const page = doc.addPage([595, 842]);
    for (let l = 0; l < 40; l++) {
      const text = `Page ${i + 1} line ${l + 1}: revenue of unit ${i * 40 + l} in region ${(i + l) % 17} grew steadily.`;
      page.drawText(text, { x: 30, y: 800 - l * 19, size: 10, font });
    }
  }
  return new Uint8Array(await doc.save());
}

const bytes = await generatedPdf(pages);
const started = performance.now();
const { value: parsed, peakMb: textPeakMb } = await withPeakRss(() =>
  parseInWorker('application/pdf', bytes, { maxPages: 5_000, maxRows: 20_000 }, { timeoutMs: 600_000, memoryMb: 512 }),
);
const parsedAt = performance.now();
const chunks = chunkUnits(parsed.units);
const chunkedAt = performance.now();
console.info(
  `parse ${pages} pages (${(bytes.length / 1e6).toFixed(1)} MB): ${((parsedAt - started) / 1000).toFixed(2)} s in a worker, ` +
    `chunk ${(chunkedAt - parsedAt).toFixed(0)} ms → ${chunks.length} chunks; peak RSS +${textPeakMb.toFixed(0)} MB`,
);

/** The server's shared OCR pool, as the parse jobs use it. */
const sharedOcr = new OcrService({ workers: ocrWorkers });

/** OCRs `n` copies of a scanned page through the shared pool; `probe` is a phrase every page should yield. */
async function benchOcr(label: string, png: Buffer, n: number, probe: string): Promise<void> {
  const scans = await scannedPdf(n, png);
  const ocrStarted = performance.now();
  const { value: ocrParsed, peakMb } = await withPeakRss(() =>
    parseInWorker(
      'application/pdf',
      scans,
      { maxPages: 5_000, maxRows: 20_000, ocr: { workers: ocrWorkers } },
      { timeoutMs: 600_000, memoryMb: 512, ocr: sharedOcr },
    ),
  );
  const seconds = (performance.now() - ocrStarted) / 1000;
  const readPages = ocrParsed.units.filter((u) => u.text.replace(/\s+/g, '').includes(probe)).length;
  console.info(
    `OCR ${n} ${label} with ${ocrWorkers} worker(s): ${seconds.toFixed(1)} s → ` +
      `${((n / seconds) * 60).toFixed(0)} pages/min (${readPages}/${n} pages yield "${probe}"); ` +
      `peak RSS +${peakMb.toFixed(0)} MB`,
  );
}

await benchOcr('one-line scans', FIXTURE, ocrPages, '八百万元');
const a4 = await fullPageScan();
if (a4) await benchOcr('full A4 scans (30 lines, 150 dpi)', a4, Math.max(2, Math.round(ocrPages / 4)), '客户满意度');
else console.info('OCR of full A4 scans skipped: no Chromium to render one');
await sharedOcr.close();

await benchRetrieval('pglite');
const postgres = await benchPostgres();
if (postgres) await benchRetrieval(postgres);

/**
 * An image bomb against the parse pipeline: a PDF of some 0.5 MB whose page draws two images
 * declared 16000×16000 (8-bit gray, a Flate stream of zeros; 256 MB each once decoded, more as
 * RGB), parsed as the parse job does it with the server's defaults — in a parse worker with its
 * heap limit and timeout, images up to documents.max_image_pixels decoded, OCR through a shared
 * tesseract pool — first one file, then two at once. Prints each run's outcome, the process's
 * peak resident size above its level before (sampled every 20 ms: the parse workers and the OCR
 * threads live in this process) and what it still holds a few seconds after, against the budget
 * below. `side` and `images` change the images (6300 1: the largest image the budget admits).
 *
 * Run: node --import tsx bench/image-bomb.ts [side=16000] [images=2]
 */
import { OcrService } from '../apps/server/src/services/documents/ocr/ocr-service';
import { parseInWorker } from '../apps/server/src/services/documents/parse-runner';
import { imageBombPdf } from '../apps/server/test/documents/image-bomb';

const side = Number(process.argv[2] ?? 16_000);
const images = Number(process.argv[3] ?? 2);
/** Peak growth of the process's resident size allowed while parsing two bombs at once. */
const BUDGET_MB = 400;
/** The server's defaults (documents.parse_timeout_ms, parse_memory_mb). */
const TIMEOUT_MS = 120_000;
const MEMORY_MB = 512;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `fn` while sampling the process's resident size; returns its result and the peak growth in MB. */
async function withPeakRss<T>(fn: () => Promise<T>): Promise<{ value: T; peakMb: number; base: number }> {
  const base = process.memoryUsage.rss();
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
  try {
    const value = await fn();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { value, peakMb: (peak - base) / 1e6, base };
  } finally {
    clearInterval(timer);
  }
}

const bomb = await imageBombPdf({ width: side, height: side, imagesPerPage: images });
const ocr = new OcrService({ workers: 1, idleCloseMs: 2_000 });

/** Parses `n` copies of the bomb at once; each outcome is "ready: <first text>" or "failed: <reason>". */
async function parseBombs(n: number): Promise<string[]> {
  return Promise.all(
    Array.from({ length: n }, () =>
      parseInWorker(
        'application/pdf',
        new Uint8Array(bomb),
        { maxPages: 2_000, maxRows: 20_000, ocr: { workers: 1 } },
        { timeoutMs: TIMEOUT_MS, memoryMb: MEMORY_MB, ocrPageTimeoutMs: 30_000, ocr },
      ).then(
        (parsed) => `ready: ${parsed.units[0]?.text.slice(0, 40) ?? ''}`,
        (error: unknown) => `failed: ${error instanceof Error ? error.message : String(error)}`,
      ),
    ),
  );
}

console.info(
  `bomb: ${(bomb.length / 1e6).toFixed(2)} MB, ${images} image(s) declared ${side}×${side} ` +
    `(${((side * side) / 1e6).toFixed(0)} Mpx each); budget ${BUDGET_MB} MB peak growth`,
);
let worst = 0;
for (const n of [1, 2]) {
  const started = performance.now();
  const { value: outcomes, peakMb, base } = await withPeakRss(() => parseBombs(n));
  const seconds = (performance.now() - started) / 1000;
  // What the process keeps once the parse workers are gone and the OCR workers closed for idleness.
  await sleep(4_000);
  const afterMb = (process.memoryUsage.rss() - base) / 1e6;
  worst = Math.max(worst, peakMb);
  console.info(
    `${n} at once: ${seconds.toFixed(1)} s, peak RSS +${peakMb.toFixed(0)} MB, +${afterMb.toFixed(0)} MB 4 s after; ` +
      `${[...new Set(outcomes)].join(' | ')}`,
  );
}
await ocr.close();
console.info(
  `${worst <= BUDGET_MB ? 'within' : 'OVER'} the budget: worst peak +${worst.toFixed(0)} MB of ${BUDGET_MB} MB`,
);

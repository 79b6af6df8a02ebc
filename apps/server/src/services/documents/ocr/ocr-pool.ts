import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { medianLineHeight } from './line-height';

/**
 * How scanned pages are read. The defaults are the most accurate of those measured by
 * bench/ocr-accuracy.ts on Chinese print rendered by the bench (see README).
 */
export interface OcrSettings {
  /**
   * Which traineddata of the `@tesseract.js-data/*` packages: `4.0.0_best_int` (tessdata_best's
   * LSTM models converted to integers) or `4.0.0` (the tessdata repository: LSTM plus the legacy
   * engine, which LSTM_ONLY leaves unused). Both Apache-2.0, from tesseract-ocr.
   */
  data: '4.0.0_best_int' | '4.0.0';
  /** Languages, Simplified Chinese first, English for the Latin words among it. */
  languages: readonly ('chi_sim' | 'eng')[];
  /** tesseract's page segmentation mode (3: automatic, 6: one uniform block of text…). */
  psm: '3' | '4' | '6' | '11';
  /** Images are scaled up by this factor before reading while they stay under `maxScaledPixels`. */
  scale: number;
  maxScaledPixels: number;
  /**
   * Scales each image so that its lines of print are about this many pixels high (0: as they
   * come). Tesseract reads print of some 20–40 px best: far larger characters fall apart.
   */
  lineHeight: number;
  /** Grey level below which a pixel counts as ink; 0 leaves binarisation to tesseract (Otsu). */
  threshold: number;
}

export const DEFAULT_OCR_SETTINGS: OcrSettings = {
  data: '4.0.0_best_int',
  languages: ['chi_sim', 'eng'],
  // One uniform block: automatic layout analysis (3) cut large serif print into pieces (8% of the
  // characters right on a 48 px Song-style page, 99% with 6).
  psm: '6',
  scale: 1,
  maxScaledPixels: 12_000_000,
  // Print brought to 24 px lines: 96 px print went from 86–91% to 99%; neither scaling up by a
  // fixed factor nor binarising helped (bench/ocr-accuracy.ts).
  lineHeight: 24,
  threshold: 0,
};

/**
 * The traineddata shipped by the `@tesseract.js-data/*` npm packages, gathered by symlinks into
 * one folder because tesseract reads every language from a single local `langPath` (a path, not a
 * URL: read from disk, never fetched). Its wasm core is `require`d from `tesseract.js-core` in
 * node_modules, so OCR never touches the network.
 */
async function localLanguageDir(settings: OcrSettings): Promise<string> {
  const require = createRequire(import.meta.url);
  const dir = await mkdtemp(join(tmpdir(), 'portal-ocr-'));
  for (const code of settings.languages) {
    const pkg = dirname(require.resolve(`@tesseract.js-data/${code}/package.json`));
    await symlink(join(pkg, settings.data, `${code}.traineddata.gz`), join(dir, `${code}.traineddata.gz`));
  }
  return dir;
}

/** Line heights within this ratio of the target are read as they are (resampling costs a little sharpness). */
const SIZE_TOLERANCE = 1.3;

/** The factor that brings the image's print to `settings.lineHeight`, or 1. */
async function sizeFactor(image: Buffer, settings: OcrSettings): Promise<number> {
  const { default: sharp } = await import('sharp');
  const { data, info } = await sharp(image)
    .flatten({ background: '#ffffff' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const line = medianLineHeight(data, info.width, info.height);
  if (!line) return 1;
  const factor = settings.lineHeight / line;
  return factor > SIZE_TOLERANCE || factor < 1 / SIZE_TOLERANCE ? factor : 1;
}

/**
 * The image as tesseract reads it best: its print brought to a readable size, or scaled up by a
 * fixed factor, and binarised when the settings say so; the image itself otherwise.
 */
export async function prepareForOcr(image: Buffer, settings: OcrSettings): Promise<Buffer> {
  if (settings.scale <= 1 && settings.threshold <= 0 && settings.lineHeight <= 0) return image;
  const { default: sharp } = await import('sharp');
  const { width = 0, height = 0 } = await sharp(image).metadata();
  let factor = settings.lineHeight > 0 ? await sizeFactor(image, settings) : Math.max(1, settings.scale);
  // Never past the pixel budget, never below a readable few pixels.
  factor = Math.min(factor, Math.sqrt(settings.maxScaledPixels / Math.max(1, width * height)));
  if (Math.abs(factor - 1) < 0.05 && settings.threshold <= 0) return image;
  let pipeline = sharp(image).flatten({ background: '#ffffff' }).greyscale();
  if (Math.abs(factor - 1) >= 0.05) {
    const size = { width: Math.max(8, Math.round(width * factor)), height: Math.max(8, Math.round(height * factor)) };
    pipeline = pipeline.resize(size.width, size.height, { kernel: 'lanczos3' });
  }
  if (settings.threshold > 0) pipeline = pipeline.threshold(settings.threshold);
  return pipeline.png({ compressionLevel: 1 }).toBuffer();
}

/** Chinese numerals, among which tesseract often reads 〇 (U+3007) as a Latin O or a zero. */
const CJK_NUMERAL = '〇一二三四五六七八九十百千万亿';
const LATIN_ZERO_AMONG_NUMERALS = new RegExp(`(?<=[${CJK_NUMERAL}])[ \\t]*[Oo0][ \\t]*(?=[${CJK_NUMERAL}])`, 'g');

/**
 * Tesseract puts spaces between CJK characters; Chinese text has none, and search terms need them
 * joined. 二O二六 (a Latin O or 0 among Chinese numerals) is 二〇二六.
 */
export function cleanOcrText(text: string): string {
  const cjk = '\\u3000-\\u303f\\u3400-\\u9fff\\uff00-\\uffef';
  return text
    .replace(new RegExp(`([${cjk}])[ \\t]+(?=[${cjk}])`, 'g'), '$1')
    .replace(LATIN_ZERO_AMONG_NUMERALS, '〇')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export interface OcrPool {
  /** The text tesseract reads in a PNG/JPEG image (cleaned; empty when nothing readable). */
  recognize(image: Buffer): Promise<string>;
  close(): Promise<void>;
}

/**
 * Inside a parse worker the pool is the server's shared one, reached through the parent thread
 * (ocr-channel.ts); set once by the worker before it parses.
 */
let sharedPool: OcrPool | undefined;
export function useSharedOcrPool(pool: OcrPool): void {
  sharedPool = pool;
}

/**
 * The pool a parse reads scanned pages with: the server-wide one when the parse runs in a parse
 * worker of the server (closing it only ends this parse's use), else its own tesseract workers.
 */
export async function createOcrPool(workers: number): Promise<OcrPool> {
  return sharedPool ?? createTesseractPool(workers);
}

/** A bounded pool of tesseract workers (each its own thread with its own wasm heap). */
export async function createTesseractPool(workers: number, settings = DEFAULT_OCR_SETTINGS): Promise<OcrPool> {
  // Loaded on the first scanned page: a server that never reads a scan never loads the engine.
  const { default: Tesseract } = await import('tesseract.js');
  const langPath = await localLanguageDir(settings);
  const scheduler = Tesseract.createScheduler();
  let closed = false;
  const release = async () => {
    closed = true;
    await scheduler.terminate();
    await rm(langPath, { recursive: true, force: true });
  };
  try {
    for (let i = 0; i < Math.max(1, workers); i++) {
      const worker = await Tesseract.createWorker(settings.languages.join('+'), Tesseract.OEM.LSTM_ONLY, {
        langPath,
        gzip: true,
        // Never write a traineddata cache into the working directory.
        cacheMethod: 'none',
      });
      await worker.setParameters({ tessedit_pageseg_mode: settings.psm as Tesseract.PSM });
      scheduler.addWorker(worker);
    }
  } catch (error) {
    await release();
    throw error;
  }
  return {
    async recognize(image) {
      const prepared = await prepareForOcr(image, settings);
      // Closed while the image was being prepared: a job added now would go to a terminated
      // worker, and tesseract's scheduler would reject it where nobody listens.
      if (closed) throw new Error('OCR pool closed');
      const result = await scheduler.addJob('recognize', prepared);
      return cleanOcrText(result.data.text);
    },
    close: release,
  };
}

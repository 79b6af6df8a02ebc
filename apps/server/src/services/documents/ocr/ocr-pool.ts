import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** Languages read on scanned pages: Simplified Chinese first, English for the Latin words among it. */
const LANGUAGES = ['chi_sim', 'eng'] as const;

/**
 * The traineddata shipped by the `@tesseract.js-data/*` npm packages (the integer LSTM models,
 * small and fast), gathered by symlinks into one folder because tesseract reads every language
 * from a single local `langPath` (a path, not a URL: read from disk, never fetched). Its wasm core
 * is `require`d from `tesseract.js-core` in node_modules, so OCR never touches the network.
 */
async function localLanguageDir(): Promise<string> {
  const require = createRequire(import.meta.url);
  const dir = await mkdtemp(join(tmpdir(), 'portal-ocr-'));
  for (const code of LANGUAGES) {
    const pkg = dirname(require.resolve(`@tesseract.js-data/${code}/package.json`));
    await symlink(join(pkg, '4.0.0_best_int', `${code}.traineddata.gz`), join(dir, `${code}.traineddata.gz`));
  }
  return dir;
}

/** Tesseract puts spaces between CJK characters; Chinese text has none, and search terms need them joined. */
export function cleanOcrText(text: string): string {
  const cjk = '\\u3000-\\u303f\\u3400-\\u9fff\\uff00-\\uffef';
  return text
    .replace(new RegExp(`([${cjk}])[ \\t]+(?=[${cjk}])`, 'g'), '$1')
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
export async function createTesseractPool(workers: number): Promise<OcrPool> {
  // Loaded on the first scanned page: a server that never reads a scan never loads the engine.
  const { default: Tesseract } = await import('tesseract.js');
  const langPath = await localLanguageDir();
  const scheduler = Tesseract.createScheduler();
  const release = async () => {
    await scheduler.terminate();
    await rm(langPath, { recursive: true, force: true });
  };
  try {
    for (let i = 0; i < Math.max(1, workers); i++) {
      const worker = await Tesseract.createWorker(LANGUAGES.join('+'), Tesseract.OEM.LSTM_ONLY, {
        langPath,
        gzip: true,
        // Never write a traineddata cache into the working directory.
        cacheMethod: 'none',
      });
      scheduler.addWorker(worker);
    }
  } catch (error) {
    await release();
    throw error;
  }
  return {
    async recognize(image) {
      const result = await scheduler.addJob('recognize', image);
      return cleanOcrText(result.data.text);
    },
    close: release,
  };
}

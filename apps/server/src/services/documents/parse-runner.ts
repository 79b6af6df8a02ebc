import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { docFailureMessages } from '@portal/contract';
import { DocumentParseError, type ParsedDocument, type ParseLimits } from './parsers';

export interface ParseRunOptions {
  timeoutMs: number;
  /** Time added to the limit per scanned page once OCR knows how many it has to read. */
  ocrPageTimeoutMs?: number;
  memoryMb: number;
  /** Scanned pages read so far by OCR (done of total). */
  onOcrProgress?: (done: number, total: number) => void;
}

type WorkerMessage =
  | { ok: true; parsed: ParsedDocument }
  | { ok: false; reason: string | null }
  | { progress: { done: number; total: number } };

const OUT_OF_MEMORY = '文件过大或结构过于复杂，解析时超出内存上限';

/**
 * The worker's code: the bundle's `parse-worker.js` beside the server's own chunks after
 * `npm run build`; when running from the TypeScript sources (tests, tsx), a tiny bootstrap that
 * registers tsx in the worker first (Node 20 applies `--import` hooks too late for a worker's entry).
 */
function workerSource(): { source: string | URL; evalSource: boolean } {
  if (!import.meta.url.endsWith('.ts'))
    return { source: new URL('./parse-worker.js', import.meta.url), evalSource: false };
  // The ESM build of tsx's API (its CommonJS build cannot register hooks from a worker).
  const tsxPackage = createRequire(import.meta.url).resolve('tsx/package.json');
  const tsx = pathToFileURL(join(dirname(tsxPackage), 'dist/esm/api/index.mjs')).href;
  const entry = new URL('./parse-worker.ts', import.meta.url).href;
  const source = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`;
  return { source, evalSource: true };
}

/** Parses in a fresh worker thread with a time and a heap limit; every failure has a Chinese reason. */
export function parseInWorker(
  mime: string,
  bytes: Uint8Array,
  limits: ParseLimits,
  options: ParseRunOptions,
): Promise<ParsedDocument> {
  const { source, evalSource } = workerSource();
  return new Promise((resolve, reject) => {
    const worker = new Worker(source, {
      eval: evalSource,
      workerData: { mime, bytes, limits },
      resourceLimits: { maxOldGenerationSizeMb: options.memoryMb },
      stdout: true,
      stderr: true,
    });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    const timeout = () => settle(() => reject(new DocumentParseError(docFailureMessages.timeout)));
    let timer = setTimeout(timeout, options.timeoutMs);
    worker.on('message', (message: WorkerMessage) => {
      if ('progress' in message) {
        if (settled) return;
        const { done, total } = message.progress;
        // OCR is far slower than reading a text layer: its pages get their own time on top.
        if (done === 0 && options.ocrPageTimeoutMs) {
          clearTimeout(timer);
          timer = setTimeout(timeout, options.timeoutMs + total * options.ocrPageTimeoutMs);
        }
        options.onOcrProgress?.(done, total);
        return;
      }
      settle(() =>
        message.ok
          ? resolve(message.parsed)
          : reject(new DocumentParseError(message.reason ?? docFailureMessages.corrupt)),
      );
    });
    worker.on('error', (error: Error & { code?: string }) => {
      const reason = error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? OUT_OF_MEMORY : docFailureMessages.corrupt;
      settle(() => reject(new DocumentParseError(reason)));
    });
    worker.on('exit', () => settle(() => reject(new DocumentParseError(docFailureMessages.corrupt))));
  });
}

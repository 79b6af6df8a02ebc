import { Worker } from 'node:worker_threads';
import { docFailureMessages } from '@portal/contract';
import { workerSource } from '../../lib/worker-source';
import { isOcrRequest, type OcrReplyMessage, type OcrRequestMessage } from './ocr/ocr-channel';
import type { OcrService } from './ocr/ocr-service';
import { DocumentParseError, type ParsedDocument, type ParseLimits } from './parsers/types';
import { PausableDeadline } from './pausable-deadline';

export interface ParseRunOptions {
  timeoutMs: number;
  /** Time added to the limit per scanned page once OCR knows how many it has to read. */
  ocrPageTimeoutMs?: number;
  memoryMb: number;
  /**
   * The server-wide OCR pool the worker's scanned pages queue on; without it the worker starts
   * its own tesseract workers (`limits.ocr.workers`).
   */
  ocr?: OcrService;
  /** Scanned pages read so far by OCR (done of total); `waiting` until the pool took its first page. */
  onOcrProgress?: (done: number, total: number, waiting: boolean) => void;
  /** Stops the parse (the worker is killed) and rejects with a ParseAbortedError. */
  signal?: AbortSignal;
}

/** The parse was stopped from outside (the server is shutting down): not a verdict on the file. */
export class ParseAbortedError extends Error {
  constructor() {
    super('parse stopped');
    this.name = 'ParseAbortedError';
  }
}

type WorkerMessage =
  | { ok: true; parsed: ParsedDocument }
  | { ok: false; reason: string | null }
  | { progress: { done: number; total: number } }
  | OcrRequestMessage;

/**
 * Parses in a fresh worker thread with a time and a heap limit; every failure has a Chinese reason.
 * With a shared OCR pool, the time a parse's scanned pages spend waiting for a free OCR worker
 * (every page of it in line, none being read) does not count against its limit.
 */
export function parseInWorker(
  mime: string,
  bytes: Uint8Array,
  limits: ParseLimits,
  options: ParseRunOptions,
): Promise<ParsedDocument> {
  // The bundle's parse-worker.js, or parse-worker.ts beside this file when run from the sources.
  const { source, evalSource } = workerSource(import.meta.url, 'parse-worker');
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) return reject(new ParseAbortedError());
    const worker = new Worker(source, {
      eval: evalSource,
      workerData: { mime, bytes, limits, sharedOcr: options.ocr !== undefined },
      resourceLimits: { maxOldGenerationSizeMb: options.memoryMb },
      stdout: true,
      stderr: true,
    });
    let settled = false;
    // Pages of this parse still in the OCR line leave it once the parse has ended.
    const ocrWanted = new AbortController();
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      ocrWanted.abort();
      deadline.stop();
      options.signal?.removeEventListener('abort', abort);
      fn();
      void worker.terminate();
    };
    const deadline = new PausableDeadline(options.timeoutMs, () =>
      settle(() => reject(new DocumentParseError(docFailureMessages.timeout))),
    );
    const abort = () => settle(() => reject(new ParseAbortedError()));
    options.signal?.addEventListener('abort', abort, { once: true });

    // OCR as this parse sees it: pages done of total, its pages in line and being read.
    const ocr = { done: 0, total: 0, queued: 0, reading: 0, started: false };
    const report = () => options.onOcrProgress?.(ocr.done, ocr.total, !ocr.started && ocr.queued > 0);
    const followPool = () => {
      if (ocr.queued > 0 && ocr.reading === 0) deadline.pause();
      else deadline.resume();
    };
    const recognize = (id: number, image: Uint8Array) => {
      const pool = options.ocr;
      if (!pool) return;
      let queued = false;
      let reading = false;
      pool
        .recognize(Buffer.from(image.buffer, image.byteOffset, image.byteLength), {
          signal: ocrWanted.signal,
          onQueued: () => {
            queued = true;
            ocr.queued++;
            followPool();
            if (!ocr.started) report();
          },
          onStarted: () => {
            if (queued) ocr.queued--;
            reading = true;
            ocr.reading++;
            followPool();
            if (!ocr.started) {
              ocr.started = true;
              if (queued) report();
            }
          },
        })
        .then(
          (text) => ({ id, text }),
          (error: unknown) => ({ id, error: error instanceof Error ? error.message : String(error) }),
        )
        .then((reply) => {
          if (reading) ocr.reading--;
          else if (queued) ocr.queued--;
          followPool();
          if (!settled) worker.postMessage({ ocrResult: reply } satisfies OcrReplyMessage);
        });
    };

    worker.on('message', (message: WorkerMessage) => {
      if (settled) return;
      if (isOcrRequest(message)) return recognize(message.ocr.id, message.ocr.image);
      if ('progress' in message) {
        const { done, total } = message.progress;
        // OCR is far slower than reading a text layer: its pages get their own time on top.
        if (done === 0 && options.ocrPageTimeoutMs) deadline.extend(total * options.ocrPageTimeoutMs);
        Object.assign(ocr, { done, total });
        report();
        return;
      }
      settle(() =>
        message.ok
          ? resolve(message.parsed)
          : reject(new DocumentParseError(message.reason ?? docFailureMessages.corrupt)),
      );
    });
    worker.on('error', (error: Error & { code?: string }) => {
      const reason =
        error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? docFailureMessages.tooLarge : docFailureMessages.corrupt;
      settle(() => reject(new DocumentParseError(reason)));
    });
    worker.on('exit', () => settle(() => reject(new DocumentParseError(docFailureMessages.corrupt))));
  });
}

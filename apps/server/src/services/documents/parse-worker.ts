import { parentPort, workerData } from 'node:worker_threads';
import { parentOcrPool } from './ocr/ocr-channel';
import { useSharedOcrPool } from './ocr/ocr-pool';
import { parseDocument, DocumentParseError, type ParseLimits } from './parsers';

/**
 * Parses one document in a worker thread, so a huge or hostile file costs the worker (killed on
 * its time or memory limit) and never the server's event loop. OCR progress is posted as it goes.
 */
interface Input {
  mime: string;
  bytes: Uint8Array;
  limits: ParseLimits;
  /** Scanned pages go to the server's shared OCR pool through the parent thread. */
  sharedOcr: boolean;
}

const input = workerData as Input;
if (input.sharedOcr && parentPort) useSharedOcrPool(parentOcrPool(parentPort));
const limits: ParseLimits = {
  ...input.limits,
  onOcrProgress: (done, total) => parentPort?.postMessage({ progress: { done, total } }),
};
try {
  const parsed = await parseDocument(input.mime, input.bytes, limits);
  parentPort?.postMessage({ ok: true, parsed });
} catch (error) {
  parentPort?.postMessage({ ok: false, reason: error instanceof DocumentParseError ? error.reason : null });
}

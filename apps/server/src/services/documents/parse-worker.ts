import { parentPort, workerData } from 'node:worker_threads';
import { parseDocument, DocumentParseError, type ParseLimits } from './parsers';

/**
 * Parses one document in a worker thread, so a huge or hostile file costs the worker (killed on
 * its time or memory limit) and never the server's event loop.
 */
interface Input {
  mime: string;
  bytes: Uint8Array;
  limits: ParseLimits;
}

const input = workerData as Input;
try {
  const parsed = await parseDocument(input.mime, input.bytes, input.limits);
  parentPort?.postMessage({ ok: true, parsed });
} catch (error) {
  parentPort?.postMessage({ ok: false, reason: error instanceof DocumentParseError ? error.reason : null });
}

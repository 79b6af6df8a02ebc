/**
 * Preloaded into a benchmarked server (`node --expose-gc --import <this file>`): on SIGUSR2 it
 * collects garbage until the heap stops shrinking and appends `process.memoryUsage()` as one JSON
 * line to HEAP_PROBE_FILE; with HEAP_SNAPSHOT_DIR it also writes a heap snapshot there first. JS
 * heap bytes after a full collection do not depend on machine load or GC timing, unlike resident
 * memory.
 */
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeHeapSnapshot } from 'node:v8';

const target = process.env.HEAP_PROBE_FILE;
const snapshotDir = process.env.HEAP_SNAPSHOT_DIR;
if (target && typeof globalThis.gc === 'function') {
  let probes = 0;
  process.on('SIGUSR2', () => {
    let previous = Infinity;
    for (let i = 0; i < 5 && process.memoryUsage().heapUsed < previous; i++) {
      previous = process.memoryUsage().heapUsed;
      globalThis.gc();
    }
    const usage = process.memoryUsage();
    probes += 1;
    const snapshot = snapshotDir ? writeHeapSnapshot(join(snapshotDir, `probe-${probes}.heapsnapshot`)) : undefined;
    appendFileSync(target, `${JSON.stringify({ ...usage, snapshot })}\n`);
  });
}

import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { PGliteOptions } from '@electric-sql/pglite';
import { serverRoot } from '../config/paths';

/**
 * PostgreSQL settings for the embedded database. Its defaults (128 MB of shared buffers, 4 MB per
 * sort) are sized for a dedicated server; inside this process every page of them that is touched
 * stays resident. A portal's working set is small, and the operating system caches the files
 * anyway, so smaller buffers cost little speed and about 130 MB of resident memory.
 */
export const PGLITE_SETTINGS = [
  '-c',
  'shared_buffers=8MB',
  '-c',
  'work_mem=1MB',
  '-c',
  'maintenance_work_mem=8MB',
  '-c',
  'temp_buffers=1MB',
  '-c',
  'wal_buffers=256kB',
];

export function pgliteOptions(defaultStartParams: readonly string[]): PGliteOptions {
  return { startParams: [...defaultStartParams, ...PGLITE_SETTINGS] };
}

/**
 * Creates a new data directory in a short-lived child process. Creating one runs initdb inside
 * the embedded engine, which leaves a few hundred megabytes behind in the process that did it
 * until a late garbage collection; done in a child, that memory goes back to the system when the
 * child exits, and the server then opens the directory like on any restart.
 */
export function initPgliteDir(dir: string): void {
  if (existsSync(join(dir, 'PG_VERSION'))) return;
  const script = [
    "const { PGlite } = await import('@electric-sql/pglite');",
    'const db = new PGlite(process.argv[1]);',
    'await db.waitReady;',
    'await db.close();',
  ].join('\n');
  execFileSync(process.execPath, ['--input-type=module', '-e', script, dir], {
    cwd: serverRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

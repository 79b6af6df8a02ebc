import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
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

/** The engine's folder holds a database (initPgliteDir ran on it before). */
export function pgliteDirReady(dir: string): boolean {
  return existsSync(join(dir, 'PG_VERSION'));
}

/**
 * V8 first runs WebAssembly from its quick baseline compiler and recompiles a function with its
 * optimising compiler once it has run a while. PostgreSQL's start runs so much code just once that
 * the default threshold recompiles hundreds of functions that will not run again soon: about a
 * third of the engine's start-up CPU. With a higher threshold only the truly hot code (queries run
 * over and over) is recompiled, a little later; query speed after warm-up is unchanged (measured).
 * Process-wide and read when a module is compiled, so it is set before the engine is loaded.
 */
function raiseWasmTieringThreshold(): void {
  setFlagsFromString('--wasm-tiering-budget=100000000');
}

let compiled: Promise<PgliteWasm> | undefined;

/**
 * Starts compiling the engine's WebAssembly (9 MB) at once. V8 compiles it on background threads,
 * so the server's own code loads meanwhile instead of waiting for it afterwards. One compiled
 * module serves every engine this process opens (tests open many).
 */
export function compilePgliteWasm(): Promise<PgliteWasm> {
  if (compiled) return compiled;
  raiseWasmTieringThreshold();
  const path = createRequire(import.meta.url).resolve('@electric-sql/pglite/pglite.wasm');
  compiled = (globalThis as unknown as { WebAssembly: WasmCompiler }).WebAssembly.compile(readFileSync(path));
  return compiled;
}

export type PgliteWasm = NonNullable<PGliteOptions['pgliteWasmModule']>;
/** The one call used of the WebAssembly global, which the server's type libraries leave out. */
interface WasmCompiler {
  compile(bytes: Uint8Array): Promise<PgliteWasm>;
}

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
  if (pgliteDirReady(dir)) return;
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

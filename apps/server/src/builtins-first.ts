import { createRequire } from 'node:module';

/**
 * Node's own modules that a start of the server loads, loaded before anything else runs.
 *
 * Node compiles its built-in modules from code precompiled into its binary, and V8 takes that code
 * only under the flags Node was built with. Early in the start the embedded database raises a
 * WebAssembly flag (db/pglite-settings.ts); every built-in module loaded after that is compiled
 * from its source instead, at two to three times the CPU. These are the ones a restart used to load
 * after the flag and before listening (from `process.moduleLoadList`); `listen()` itself loads
 * cluster (some 12 ms of CPU after the flag, 6 ms before it). What only loads after the server
 * listens (fetch's undici) is left out: loading it here would delay the start.
 *
 * Loaded with `require`: the bundler drops bare imports of built-in modules as side-effect free.
 */
const load = createRequire(import.meta.url);
for (const name of [
  'node:assert',
  'node:cluster',
  'node:dns',
  'node:dns/promises',
  'node:fs/promises',
  'node:http2',
  'node:perf_hooks',
  'node:tty',
  'node:worker_threads',
  'node:zlib',
])
  load(name);

/** Read here so that its module loads now: an ES module import of node:crypto reads it later. */
export const { webcrypto } = load('node:crypto') as typeof import('node:crypto');

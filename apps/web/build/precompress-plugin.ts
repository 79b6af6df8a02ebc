import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|map|wasm)$/;
/** Below this a compressed copy saves less than the headers it costs. */
const MIN_BYTES = 1024;

function* filesUnder(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    // Vite's manifest folder is build metadata, never sent to browsers.
    if (name === '.vite') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

/**
 * Writes `.br` and `.gz` next to every text file of the build, at the highest levels (the cost is
 * paid once per build, not per request). The server's static plugin sends them by Accept-Encoding.
 * A copy that would not be smaller than the original is skipped.
 */
export function precompressDir(dir: string): { files: number; raw: number; gzip: number; brotli: number } {
  const totals = { files: 0, raw: 0, gzip: 0, brotli: 0 };
  for (const path of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(path)) continue;
    const source = readFileSync(path);
    if (source.length < MIN_BYTES) continue;
    const gzip = gzipSync(source, { level: 9 });
    const brotli = brotliCompressSync(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    });
    if (gzip.length < source.length) writeFileSync(`${path}.gz`, gzip);
    if (brotli.length < source.length) writeFileSync(`${path}.br`, brotli);
    totals.files += 1;
    totals.raw += source.length;
    totals.gzip += gzip.length;
    totals.brotli += brotli.length;
  }
  return totals;
}

/** Runs {@link precompressDir} over the output directory once the bundle is written. */
export function precompressPlugin(): Plugin {
  let outDir = '';
  let log: (message: string) => void = () => {};
  return {
    name: 'portal-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
      log = (message) => config.logger.info(message);
    },
    closeBundle() {
      const t = precompressDir(outDir);
      const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
      log(`precompressed ${t.files} files: ${kib(t.raw)} raw, ${kib(t.gzip)} gzip, ${kib(t.brotli)} brotli`);
    },
  };
}

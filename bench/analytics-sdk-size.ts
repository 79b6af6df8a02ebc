/**
 * Minified and gzip bytes of the analytics SDK as a browser bundle (its entry and everything it
 * imports, page-lifecycle included), the cost another web app pays for embedding it.
 *
 * Run: node --import tsx bench/analytics-sdk-size.ts
 */
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const entry = fileURLToPath(new URL('../packages/analytics/src/index.ts', import.meta.url));

const result = await build({
  entryPoints: [entry],
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2020',
  write: false,
  metafile: true,
  logLevel: 'silent',
});

const code = result.outputFiles[0]!.contents;
const gzip = gzipSync(code, { level: 9 }).length;
const output = Object.values(result.metafile.outputs)[0]!;
const inputs = Object.entries(output.inputs)
  .map(([path, input]) => ({ path, bytes: input.bytesInOutput }))
  .sort((a, b) => b.bytes - a.bytes);

console.info(`analytics SDK: ${code.length} bytes minified, ${gzip} bytes gzip`);
console.info('largest contributors (minified bytes):');
for (const { path, bytes } of inputs.slice(0, 8)) console.info(`  ${bytes.toString().padStart(7)}  ${path}`);

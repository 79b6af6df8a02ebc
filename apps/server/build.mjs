/**
 * Builds the server to JavaScript for `npm start`: one ES module bundle in dist/ with the contract
 * package compiled in, every npm dependency left to node_modules (loaded as-is, some lazily).
 * Run: npm run build -w apps/server
 */
import { readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
// Workspace packages ship TypeScript sources, so they are bundled; the rest stay external.
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@portal/'));

rmSync(new URL('./dist', import.meta.url), { recursive: true, force: true });
await build({
  absWorkingDir: new URL('.', import.meta.url).pathname,
  // The document parser runs in worker threads from its own file beside the server's chunks.
  entryPoints: { main: 'src/main.ts', 'parse-worker': 'src/services/documents/parse-worker.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  external: [...external, ...external.map((name) => `${name}/*`)],
  sourcemap: true,
  logLevel: 'warning',
});

/**
 * Builds the server to JavaScript for `npm start`: ES module bundles in dist/ with the contract
 * package and the pure JavaScript npm dependencies compiled in. Node then reads a handful of files
 * at start instead of some thousand, which was most of a restart's time.
 * Run: npm run build -w apps/server
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { build } from 'esbuild';

const serverDir = new URL('.', import.meta.url).pathname;
const distDir = `${serverDir}dist`;

/**
 * Left in node_modules and loaded from there: what reads files beside its own code at run time
 * (PGlite's wasm and data, the pgvector archive, tesseract's workers and language data, pdf.js in
 * unpdf), native addons, the parse worker's parsers (outside the server's start), the lazily loaded
 * AWS SDK, and build-time tools.
 */
const external = [
  '@electric-sql/pglite',
  '@electric-sql/pglite-pgvector',
  '@node-rs/jieba',
  'tesseract.js',
  '@tesseract.js-data/*',
  'unpdf',
  'mammoth',
  'exceljs',
  // Native addons (sharp's libvips, onnxruntime's library) and the ISNet weights read beside their package.
  'sharp',
  'onnxruntime-node',
  '@imgly/background-removal-data',
  '@aws-sdk/*',
  'esbuild',
  'tsx',
  // Optional peers their users load only when installed (pg's native binding, pino's pretty printer).
  'pg-native',
  'pino-pretty',
  // fastify's JSON-schema compilers: loaded only when a route has a schema (lib/lazy-schema-compilers.ts).
  '@fastify/ajv-compiler',
  '@fastify/fast-json-stringify-compiler',
];

/**
 * Bundled CommonJS code still asking for its own location (pino's transport worker, ioredis's
 * package.json) gets the path of its file in node_modules, which the bundle is always shipped with.
 */
const ownPaths = {
  name: 'own-paths',
  setup(b) {
    b.onLoad({ filter: /[\\/]node_modules[\\/].*\.c?js$/ }, (args) => {
      const contents = readFileSync(args.path, 'utf8');
      if (!/\b__(dirname|filename)\b/.test(contents)) return undefined;
      const file = JSON.stringify(relative(distDir, args.path));
      const dir = JSON.stringify(relative(distDir, dirname(args.path)));
      return {
        contents: `var __filename = __bundlePath(${file}), __dirname = __bundlePath(${dir});\n${contents}`,
        loader: 'js',
      };
    });
  },
};

/**
 * fastify's router compiles one `new Function` per static path segment to match it (and again for
 * each segment it splits): at start, about a quarter of the CPU that inserting the routes takes
 * (profiled). `startsWith` costs nothing at start and next to nothing per request. The build
 * fails if the router's source no longer has the function, so an update cannot silently drop this.
 */
const routerPrefixMatch = {
  name: 'router-prefix-match',
  setup(b) {
    b.onLoad({ filter: /[\\/]node_modules[\\/]find-my-way[\\/]lib[\\/]node\.js$/ }, (args) => {
      const contents = readFileSync(args.path, 'utf8');
      const start = contents.indexOf('function compilePrefixMatch (prefix) {');
      const end = contents.indexOf('\n}\n', start);
      if (start < 0 || end < 0) throw new Error(`compilePrefixMatch not found in ${args.path}`);
      // The first character is already matched by the caller; comparing it again is harmless.
      const matcher = [
        'function compilePrefixMatch (prefix) {',
        '  if (prefix.length === 1) return matchSingleCharPrefix',
        '  return function matchPrefix (path, i) { return path.startsWith(prefix, i) }',
      ].join('\n');
      return { contents: contents.slice(0, start) + matcher + contents.slice(end), loader: 'js' };
    });
  },
};

/** Every chunk: `require` for the CommonJS code inside an ES module, and its path helper. */
const banner = [
  "import { createRequire as __createRequire } from 'node:module';",
  "import { fileURLToPath as __fileURLToPath } from 'node:url';",
  'const require = __createRequire(import.meta.url);',
  'const __bundlePath = (path) => __fileURLToPath(new URL(path, import.meta.url));',
].join('\n');

rmSync(distDir, { recursive: true, force: true });
await build({
  absWorkingDir: serverDir,
  // The document parser and the embedded database run in worker threads from files of their own
  // beside the server's chunks.
  entryPoints: {
    main: 'src/main.ts',
    // The search service as a process of its own (npm run start:search).
    'search-main': 'src/search-main.ts',
    'parse-worker': 'src/services/documents/parse-worker.ts',
    'pglite-worker': 'src/db/pglite-worker.ts',
    'cutout-worker': 'src/modules/addbg/cutout-worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  external,
  plugins: [routerPrefixMatch, ownPaths],
  banner: { js: banner },
  sourcemap: true,
  // Node parses every byte of a chunk at start: without comments and white space the main chunk is a
  // third smaller, and a restart shorter. Names stay, so stack traces stay readable.
  // Syntax minification stays off. It drops the names of class and function expressions that
  // their bodies do not use, and oidc-provider finds a token's lifetime by its class's name
  // (`return class IdToken {…}`, then `ttl[this.name]`): the token exchange failed with a 500.
  // `keepNames` repairs that, but adds a `__name()` call per function: the chunks end up 2% larger
  // than now (3% smaller without it) and a restart is no faster (measured both ways).
  minifyWhitespace: true,
  logLevel: 'warning',
});

// The API's OpenAPI document, generated from the contract's endpoint descriptors.
execFileSync(process.execPath, ['--import', 'tsx', 'src/scripts/write-openapi.ts', `${distDir}/openapi.json`], {
  cwd: serverDir,
  stdio: 'inherit',
});

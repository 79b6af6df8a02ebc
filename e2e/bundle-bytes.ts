import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * Gzip bytes of what a page loads before its first paint, derived from the build's Vite manifest
 * (no browser, no timing, so the numbers are the same on every run of the same build).
 *
 * - `/login` (signed out): login.html and its entry's static imports and CSS.
 * - `/home` (signed in): index.html, the app entry's static imports and CSS, the lazy app layout
 *   and home route with their static imports (all preloaded by index.html), and the first-route
 *   preload script.
 * - a chat route after `/home`: the chat screens' chunks (welcome; session, which holds the
 *   conversation list and the answer runner; the route's request prefetch) and the markdown
 *   renderer, with what they import that `/home` did not load.
 *
 * Sizes are the build's own `.gz` copies (level 9, what the server sends to gzip-only browsers),
 * or the file gzipped here at level 9 when no copy was written.
 */

export const webDist = resolve(fileURLToPath(new URL('.', import.meta.url)), '../apps/web/dist');

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface PageBytes {
  js: number;
  css: number;
  html: number;
  total: number;
  files: { file: string; gzip: number }[];
}

export function readManifest(dist = webDist): Manifest {
  const path = join(dist, '.vite', 'manifest.json');
  if (!existsSync(path)) throw new Error(`no Vite manifest at ${path}: run npm run build first`);
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as Manifest;
  // A module the build grouped into a first-screen chunk (build/first-screen-chunks.ts) has no
  // entry of its own: it is measured as the chunk that holds it.
  const grouped = join(dist, '.vite', 'grouped-modules.json');
  if (existsSync(grouped)) {
    for (const [module, file] of Object.entries(JSON.parse(readFileSync(grouped, 'utf8')) as Record<string, string>)) {
      if (module in manifest) continue;
      const holder = Object.values(manifest).find((chunk) => chunk.file === file);
      if (!holder) throw new Error(`${module}: its chunk ${file} is not in the Vite manifest`);
      manifest[module] = holder;
    }
  }
  return manifest;
}

export function gzipBytes(dist: string, file: string): number {
  const copy = join(dist, `${file}.gz`);
  if (existsSync(copy)) return readFileSync(copy).length;
  return gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
}

/** The files a manifest key loads, following static imports only. */
function closure(manifest: Manifest, key: string, files = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`not in the Vite manifest: ${key}`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const sheet of chunk.css ?? []) files.add(sheet);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, files);
  return files;
}

function measure(dist: string, files: Iterable<string>, exclude = new Set<string>()): PageBytes {
  const result: PageBytes = { js: 0, css: 0, html: 0, total: 0, files: [] };
  for (const file of files) {
    if (exclude.has(file)) continue;
    const gzip = gzipBytes(dist, file);
    if (file.endsWith('.css')) result.css += gzip;
    else if (file.endsWith('.html')) result.html += gzip;
    else result.js += gzip;
    result.total += gzip;
    result.files.push({ file, gzip });
  }
  result.files.sort((a, b) => b.gzip - a.gzip);
  return result;
}

export const firstScreenModules = {
  login: ['login.html'],
  /** Builds before the small sign-in page booted the app for `/login`. */
  loginInApp: ['index.html', 'src/app/routes/login.tsx'],
  home: ['index.html', 'src/app/layouts/app-layout.tsx', 'src/app/routes/home.tsx'],
  /** The chat screens and the markdown renderer the first answer needs (highlighting and math load later, when used). */
  chat: [
    'src/features/chat/welcome-screen.ts',
    'src/features/chat/session-screen.ts',
    'src/features/chat/route-prefetch.ts',
    'src/components/markdown/index.ts',
  ],
} as const;

export function filesOf(manifest: Manifest, keys: readonly string[]): Set<string> {
  const files = new Set<string>();
  for (const key of keys) closure(manifest, key, files);
  return files;
}

/** Scripts index.html loads that the manifest does not list (the first-route preload script). */
function scriptsOutsideManifest(dist: string): string[] {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  return [...html.matchAll(/<script[^>]*\ssrc="\/(assets\/(?:route-preload|first-requests)-[^"]+\.js)"/g)].map(
    (m) => m[1]!,
  );
}

export function pageBytes(dist = webDist) {
  const manifest = readManifest(dist);
  const ownLoginPage = 'login.html' in manifest;
  const login = filesOf(manifest, ownLoginPage ? firstScreenModules.login : firstScreenModules.loginInApp);
  login.add(ownLoginPage ? 'login.html' : 'index.html');
  const home = filesOf(manifest, firstScreenModules.home);
  home.add('index.html');
  for (const file of scriptsOutsideManifest(dist)) home.add(file);
  const chat = filesOf(
    manifest,
    firstScreenModules.chat.filter((key) => key in manifest),
  );
  return {
    login: measure(dist, login),
    home: measure(dist, home),
    /** Loaded when a chat route opens after `/home`. */
    chatExtra: measure(dist, chat, home),
  };
}

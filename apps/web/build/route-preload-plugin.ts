import { createHash } from 'node:crypto';
import type { HtmlTagDescriptor, Plugin } from 'vite';

type Bundle = NonNullable<Parameters<Extract<Plugin['generateBundle'], (...args: never[]) => unknown>>[1]>;
type Chunk = Extract<Bundle[string], { type: 'chunk' }>;

/** A first screen other than the usual one: when the address matches, its chunks are preloaded. */
export interface PathPreload {
  /** Regular expression source tested against `location.pathname`. */
  path: string;
  /** Source paths relative to the web app's root, e.g. `src/features/chat/index.ts`. */
  modules: string[];
}

export interface RoutePreloadOptions {
  /** The usual first screen's modules: preloaded by `<link>` tags in index.html. */
  modules: string[];
  /** Other first screens: preloaded by a small script that reads the address. */
  byPath?: PathPreload[];
}

function chunks(bundle: Bundle): Chunk[] {
  return Object.values(bundle).filter((item): item is Chunk => item.type === 'chunk');
}

/** The chunk's file and every chunk it imports statically, transitively. */
function closure(bundle: Bundle, fileName: string, into = new Set<string>()): Set<string> {
  if (into.has(fileName)) return into;
  const chunk = bundle[fileName];
  if (!chunk || chunk.type !== 'chunk') return into;
  into.add(fileName);
  for (const imported of chunk.imports) closure(bundle, imported, into);
  return into;
}

/** The JS and CSS files the modules need beyond what the entry loads already. */
function filesFor(bundle: Bundle, modules: string[], already: Set<string>) {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const wanted of modules) {
    const endsWithWanted = (id: string | null | undefined) => !!id?.replace(/\\/g, '/').endsWith(`/${wanted}`);
    // The chunk the module is the face of, or (grouped with others by the build's code splitting)
    // the chunk it is in.
    const chunk =
      chunks(bundle).find((c) => endsWithWanted(c.facadeModuleId)) ??
      chunks(bundle).find((c) => c.moduleIds.some(endsWithWanted));
    if (!chunk) throw new Error(`route preload: no chunk for ${wanted}`);
    for (const file of closure(bundle, chunk.fileName)) {
      if (already.has(file)) continue;
      js.add(file);
      const meta = (bundle[file] as Chunk & { viteMetadata?: { importedCss: Set<string> } }).viteMetadata;
      for (const sheet of meta?.importedCss ?? []) css.add(sheet);
    }
  }
  return { js: [...js], css: [...css] };
}

/**
 * The script for `byPath`: index.html is the same for every address and the CSP allows no inline
 * script, so a module script of a few hundred bytes (no imports, it runs before the entry's graph
 * has loaded) adds the preloads of the screen the address opens. Style preloads carry
 * `crossorigin` like the stylesheet links Vite adds for lazy chunks, or they would not be used.
 */
export function pathScript(table: { path: string; js: string[]; css: string[] }[]): string {
  return `{const p=location.pathname,h=document.head;for(const[r,j,c]of ${JSON.stringify(
    table.map((t) => [t.path, t.js, t.css]),
  )})if(new RegExp(r).test(p)){for(const f of c){const l=document.createElement("link");l.rel="preload";l.setAttribute("as","style");l.setAttribute("crossorigin","");l.href=f;h.append(l)}for(const f of j){const l=document.createElement("link");l.rel="modulepreload";l.setAttribute("crossorigin","");l.href=f;h.append(l)}break}}\n`;
}

/**
 * Adds `<link rel="modulepreload">` (and CSS preloads) to index.html for the lazy route modules
 * the usual first screen needs, so the browser fetches them with the entry instead of after the
 * entry has run and the router has asked for them; and, for the other first screens in
 * `byPath`, a script that does the same for the address being opened.
 */
export function routePreloadPlugin({ modules, byPath = [] }: RoutePreloadOptions): Plugin {
  let base = '/';
  let script: { fileName: string; source: string } | null = null;
  return {
    name: 'portal-route-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const { bundle, chunk: entry } = ctx;
        if (!bundle || !entry || !ctx.filename.endsWith('index.html')) return [];
        const already = closure(bundle, entry.fileName);
        const { js, css } = filesFor(bundle, modules, already);
        const tags: HtmlTagDescriptor[] = [];
        if (byPath.length > 0) {
          const table = byPath.map(({ path, modules: wanted }) => {
            const files = filesFor(bundle, wanted, already);
            return { path, js: files.js.map((f) => `${base}${f}`), css: files.css.map((f) => `${base}${f}`) };
          });
          const source = pathScript(table);
          const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
          script = { fileName: `assets/route-preload-${hash}.js`, source };
          tags.push({
            tag: 'script',
            // async: it only adds links to the head, so it runs as soon as it arrives instead of
            // after the document and its stylesheet (a deferred script waits for both).
            attrs: { type: 'module', async: true, src: `${base}${script.fileName}` },
            injectTo: 'head-prepend',
          });
        }
        // crossorigin as on the stylesheet links Vite adds for a lazy chunk's CSS: a preload in
        // another credentials mode is not used, and the sheet is fetched a second time.
        for (const file of css)
          tags.push({
            tag: 'link',
            attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `${base}${file}` },
            injectTo: 'head',
          });
        for (const file of js)
          tags.push({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` },
            injectTo: 'head',
          });
        return tags;
      },
    },
    generateBundle: {
      order: 'post',
      handler() {
        if (script) this.emitFile({ type: 'asset', fileName: script.fileName, source: script.source });
      },
    },
  };
}

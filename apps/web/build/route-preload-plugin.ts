import type { HtmlTagDescriptor, Plugin } from 'vite';

type Bundle = NonNullable<Parameters<Extract<Plugin['generateBundle'], (...args: never[]) => unknown>>[1]>;
type Chunk = Extract<Bundle[string], { type: 'chunk' }>;

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

/**
 * Adds `<link rel="modulepreload">` (and CSS preloads) to index.html for the lazy route modules
 * the usual first screen needs, so the browser fetches them with the entry instead of after the
 * entry has run and the router has asked for them. `modules` are source paths relative to the
 * web app's root, e.g. `src/app/routes/home.tsx`.
 */
export function routePreloadPlugin(modules: string[]): Plugin {
  let base = '/';
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
        const js = new Set<string>();
        const css = new Set<string>();
        for (const wanted of modules) {
          const chunk = chunks(bundle).find((c) => c.facadeModuleId?.replace(/\\/g, '/').endsWith(`/${wanted}`));
          if (!chunk) throw new Error(`route preload: no chunk for ${wanted}`);
          for (const file of closure(bundle, chunk.fileName)) {
            if (already.has(file)) continue;
            js.add(file);
            const meta = (bundle[file] as Chunk & { viteMetadata?: { importedCss: Set<string> } }).viteMetadata;
            for (const sheet of meta?.importedCss ?? []) css.add(sheet);
          }
        }
        const tags: HtmlTagDescriptor[] = [];
        for (const file of css)
          tags.push({ tag: 'link', attrs: { rel: 'preload', as: 'style', href: `${base}${file}` }, injectTo: 'head' });
        for (const file of js)
          tags.push({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` },
            injectTo: 'head',
          });
        return tags;
      },
    },
  };
}

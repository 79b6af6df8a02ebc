import { createHash } from 'node:crypto';
import { rolldown } from 'rolldown';
import type { Plugin } from 'vite';
import type { FirstRequestsTable } from '../src/boot/first-api-paths';

export interface FirstRequestsOptions {
  /** The early-request script's source, e.g. `src/boot/first-requests.ts` resolved. */
  entry: string;
  table: FirstRequestsTable;
}

/**
 * Bundles the early-request script on its own (no shared chunks, so it loads in one request and
 * runs before the app's module graph has arrived) and adds it to index.html's head as an async
 * module script, first in the head so its requests go out with the entry's.
 */
export function firstRequestsPlugin({ entry, table }: FirstRequestsOptions): Plugin {
  let base = '/';
  let script: { fileName: string; source: string } | null = null;
  return {
    name: 'portal-first-requests',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    async buildStart() {
      const bundle = await rolldown({
        input: entry,
        platform: 'browser',
        transform: {
          define: { __FIRST_REQUESTS__: JSON.stringify(table), __BASE_URL__: JSON.stringify(base) },
        },
      });
      const { output } = await bundle.generate({ format: 'esm', minify: true });
      await bundle.close();
      const source = output[0].code;
      const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
      script = { fileName: `assets/first-requests-${hash}.js`, source };
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!script || !ctx.filename.endsWith('index.html')) return [];
        return [
          {
            tag: 'script',
            attrs: { type: 'module', async: true, src: `${base}${script.fileName}` },
            injectTo: 'head-prepend',
          },
        ];
      },
    },
    generateBundle() {
      if (script) this.emitFile({ type: 'asset', fileName: script.fileName, source: script.source });
    },
  };
}

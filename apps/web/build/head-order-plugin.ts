import type { Plugin } from 'vite';

const tagPattern = (tag: string, attr: string, file: RegExp) =>
  new RegExp(`[ \\t]*<${tag} [^>]*${attr}="[^"]*/${file.source}"[^>]*>(?:</script>)?\\n?`);

/**
 * Puts index.html's head in the order the first paint needs it, since the browser requests what
 * it finds in that order (and on HTTP/1.1 only six at a time): the render-blocking stylesheet
 * right after the charset (before, it came after every preload), so the loading state paints as
 * soon as it can; and among the preloads the first screen's chunk (`firstChunk`) first, the
 * longest download.
 */
export function headOrderPlugin({ firstChunk }: { firstChunk: string }): Plugin {
  return {
    name: 'portal-head-order',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.filename.endsWith('index.html')) return html;
        let out = html;
        const take = (pattern: RegExp): string => {
          const found = out.match(pattern);
          if (!found) return '';
          out = out.replace(pattern, '');
          return found[0];
        };
        const stylesheet = take(/[ \t]*<link rel="stylesheet"[^>]*>\n?/);
        const chunk = take(tagPattern('link', 'href', new RegExp(`${firstChunk}-[^"]*\\.js`)));
        // The chunk's preload goes before the other preloads, the stylesheet before everything.
        const firstPreload = out.search(/[ \t]*<link rel="modulepreload"/);
        if (chunk && firstPreload >= 0) out = `${out.slice(0, firstPreload)}${chunk}${out.slice(firstPreload)}`;
        else out = out.replace('</head>', `${chunk}</head>`);
        // After the charset (which must come early) and the two small early scripts.
        return stylesheet ? out.replace(/[ \t]*<meta charset[^>]*>\n?/, (meta) => `${meta}${stylesheet}`) : out;
      },
    },
  };
}

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { ErrorCode, ErrorMessage, SEARCH_API_BASE } from '@portal/contract';
import fp from 'fastify-plugin';
import { failure } from '../lib/envelope';

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>AI 门户</title></head>
<body><p>网页应用尚未构建。请在仓库根目录运行 npm run build 后刷新本页；接口服务已正常运行。</p></body></html>`;

/** `/login` on the way to the provider (no `code` yet) gets the small redirect page, not the app. */
/**
 * Paths that are never pages: the APIs, the sign-in provider, and the search service's mount,
 * which answers 404 when the service runs elsewhere (a script calling the wrong address gets an
 * error, not the app's HTML with 200).
 */
const NOT_A_PAGE = new RegExp(`^/(api|oidc|${SEARCH_API_BASE.slice(1)})(/|$)`);

function wantsSignInRedirect(url: string): boolean {
  const [path, query = ''] = url.split('?', 2);
  if (path !== '/login' && path !== '/login/') return false;
  return !new URLSearchParams(query).has('code');
}

/**
 * Serves the built web app and answers every unknown path: the API gets a 404 envelope, page
 * navigations get index.html so the client router can take over.
 *
 * The build writes `.br` and `.gz` beside every text file; the one the browser accepts is sent
 * with `Content-Encoding` and `Vary: Accept-Encoding`, so nothing is compressed per request.
 * Fingerprinted files under /assets are cached for a year; the rest (index.html, login.html,
 * version.js) is revalidated on every load so a deployment is seen at once.
 */
export default fp<{ distDir: string }>(
  async (app, opts) => {
    const built = existsSync(join(opts.distDir, 'index.html'));
    const loginPage = existsSync(join(opts.distDir, 'login.html'));
    if (built) {
      await app.register(fastifyStatic, {
        root: opts.distDir,
        cacheControl: false,
        index: 'index.html',
        preCompressed: true,
        setHeaders(reply, path) {
          // Vite fingerprints everything under /assets; the rest must be revalidated each time.
          const hashed = /[\\/]assets[\\/]/.test(path.slice(opts.distDir.length));
          reply.header('cache-control', hashed ? IMMUTABLE : NO_CACHE);
        },
      });
    }

    app.setNotFoundHandler(async (request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      const isPage = (request.method === 'GET' || request.method === 'HEAD') && !NOT_A_PAGE.test(path);
      if (!isPage || /^\/assets\//.test(path)) {
        const message = /^\/(api|search-api)\//.test(path) ? ErrorMessage.routeNotFound : ErrorMessage.notFound;
        return reply.code(404).send(failure(ErrorCode.notFound, message));
      }
      reply.header('cache-control', NO_CACHE);
      if (!built) return reply.type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
      if (loginPage && wantsSignInRedirect(request.url)) return reply.sendFile('login.html');
      return reply.sendFile('index.html');
    });
  },
  { name: 'spa', fastify: '5.x' },
);

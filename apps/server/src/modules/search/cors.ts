import { REQUEST_ID_HEADER, SEARCH_TOKEN_HEADER } from '@portal/contract';
import fp from 'fastify-plugin';

/** What the portal's pages send: both tokens, the request id, JSON. */
const ALLOWED_HEADERS = ['authorization', SEARCH_TOKEN_HEADER, REQUEST_ID_HEADER, 'content-type', 'accept'].join(', ');
/** Seconds a browser may reuse a preflight's answer. */
const PREFLIGHT_MAX_AGE = '600';

export interface SearchCorsOptions {
  /** Page origins allowed to call the service (the portal's). */
  origins: readonly string[];
}

/**
 * CORS for the search service on an address of its own: pages of the listed origins may call it;
 * any other origin gets no Access-Control-Allow-Origin, so its browser keeps the answer from the
 * page. No credentials are allowed: both tokens travel as headers, never as cookies. Headers are
 * set on the raw response so that they also reach event streams (written on it after `hijack`)
 * and refusals of the service's gate; preflights are answered here, before that gate.
 */
export const searchCors = fp<SearchCorsOptions>(
  async (app, opts) => {
    const allowed = new Set(opts.origins);
    app.addHook('onRequest', async (request, reply) => {
      // On the reply, not the raw response: compression adds Accept-Encoding to it.
      reply.header('vary', 'Origin');
      const origin = request.headers.origin;
      if (!origin || !allowed.has(origin)) return;
      reply.raw.setHeader('access-control-allow-origin', origin);
      reply.raw.setHeader('access-control-expose-headers', REQUEST_ID_HEADER);
      if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
        reply.raw.setHeader('access-control-allow-methods', 'GET, POST');
        reply.raw.setHeader('access-control-allow-headers', ALLOWED_HEADERS);
        reply.raw.setHeader('access-control-max-age', PREFLIGHT_MAX_AGE);
        return reply.code(204).send();
      }
    });
  },
  { name: 'search-cors', fastify: '5.x' },
);

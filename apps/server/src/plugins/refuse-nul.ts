import fp from 'fastify-plugin';
import { nulError } from '../lib/validate';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route keeps NUL bytes out of the database itself (analytics ingest strips them). */
    allowNul?: boolean;
  }
}

/**
 * Refuses U+0000 in the query string, path parameters and JSON body of every /api route, present
 * and future, public ones included, before its handler runs: 400 / 4001 naming the field.
 */
export default fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      if (!request.url.startsWith('/api/') || request.routeOptions.config.allowNul) return;
      const error = nulError(request.params) ?? nulError(request.query) ?? nulError(request.body as unknown);
      if (error) throw error;
    });
  },
  { name: 'refuse-nul', fastify: '5.x' },
);

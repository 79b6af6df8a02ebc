import { ErrorCode, ErrorMessage } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { buildBase, type AppOptions } from './app';
import { failure } from './lib/envelope';
import { searchCorsOrigins } from './modules/search/config';
import { searchCors } from './modules/search/cors';
import { mountSearchService, SEARCH_SERVICE_JOBS } from './modules/search';
import healthRoutes from './routes/health';

export type SearchAppOptions = Omit<AppOptions, 'webDistDir' | 'extraRoutes' | 'takesJobs'>;

/**
 * The search service as a process of its own: the portal's base (database, config, services,
 * the same secret) with only the search service at /search-api, health probes, and CORS for the
 * portal's pages. `publicUrl` is the portal's address (PUBLIC_URL, shared with it), whose origin
 * may call the service, with `search.cors_origins`. It runs only the service's own jobs: the
 * portal's replicas run the others.
 */
export async function buildSearchApp(opts: SearchAppOptions): Promise<FastifyInstance> {
  const app = await buildBase({ ...opts, takesJobs: SEARCH_SERVICE_JOBS });
  // Before the service's own gate, so that preflights and refusals carry the CORS headers.
  await app.register(searchCors, { origins: searchCorsOrigins(opts.config.search, opts.publicUrl) });
  await app.register(healthRoutes);
  await app.register(mountSearchService);
  app.setNotFoundHandler(async (_request, reply) =>
    reply.code(404).send(failure(ErrorCode.notFound, ErrorMessage.routeNotFound)),
  );
  return app;
}

import type { FastifyPluginAsync } from 'fastify';
import { installSearchGate, type PortalVerifier } from './guard';
import { searchRoutes } from './routes';
import type { SearchServiceParts } from './service-parts';

export interface SearchServiceOptions {
  parts: SearchServiceParts;
  verifyPortal: PortalVerifier;
}

/**
 * The search service as one Fastify plugin: its own gate (portal token + search token + domain)
 * and its routes, mounted under its base path. It reaches the portal only through the shared
 * services it was built with and the verifier it is given, so it runs the same inside the portal
 * or in a process of its own beside the same database.
 */
export const searchService: FastifyPluginAsync<SearchServiceOptions> = async (app, opts) => {
  installSearchGate(app, opts.verifyPortal, opts.parts.tokens);
  await app.register(searchRoutes(opts.parts));
};

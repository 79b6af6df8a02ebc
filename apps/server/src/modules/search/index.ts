import { SEARCH_API_BASE } from '@portal/contract';
import fp from 'fastify-plugin';
import type { ServerModule } from '../module';
import { searchServiceOrigins, searchUsageDefaults } from './config';
import { portalVerifier } from './portal-verifier';
import { RESEARCH_MODULE } from './execution-service';
import { SEARCH_EXECUTION_JOB } from './runner';
import { createSearchParts, type SearchServiceParts } from './service-parts';
import { searchService } from './service-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** The search service's parts (the research mode of 智能搜索助手). */
    searchService: SearchServiceParts;
  }
}

/**
 * The jobs the service's own process runs: its research executions only. Pages and files it adds
 * to a session are parsed by the document pipeline's job, which the portal's replicas run with
 * every other module's jobs and the shared upkeep; nothing of the service waits on a parse.
 */
export const SEARCH_SERVICE_JOBS: readonly string[] = [SEARCH_EXECUTION_JOB];

/**
 * The search service at /search-api on an app with the shared services: the portal, or the
 * service's own process (search-app.ts). It builds its parts and registers its execution job there.
 */
export const mountSearchService = fp(
  async (app) => {
    const { db } = app;
    const { jobs, documents, files, llm, quotas, serverSecret } = app.services;
    const parts = createSearchParts({
      db,
      jobs,
      quotas,
      documents,
      files: files.service,
      llm,
      config: app.portalConfig.search,
      serverSecret,
      log: app.log,
    });
    app.decorate('searchService', parts);
    await app.register(searchService, {
      prefix: SEARCH_API_BASE,
      parts,
      verifyPortal: portalVerifier(app.services),
    });
  },
  { name: 'search-module', dependencies: ['services'], fastify: '5.x' },
);

/** The search service: research workflows over the web and the company's documents, at /search-api. */
const search: ServerModule = {
  name: 'search',
  usage: { modules: [RESEARCH_MODULE], defaults: (config) => searchUsageDefaults(config.search) },
  connectSources: (config) => searchServiceOrigins(config.search),
  plugin: fp(
    async (app) => {
      // Deployed apart, the service's own process serves it and runs its executions.
      if (app.portalConfig.search.serve_in_portal) await app.register(mountSearchService);
    },
    { name: 'search-module-in-portal', dependencies: ['services'], fastify: '5.x' },
  ),
};

export default search;

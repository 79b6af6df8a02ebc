import type { FastifyPluginAsync } from 'fastify';

/**
 * A server module: one folder under src/modules whose index.ts builds the module's services from
 * the shared ones (`app.services`, `app.db`, `app.portalConfig`) and registers its routes under
 * its own API prefixes. The rights gate already covers every prefix of the contract's module
 * table, so a module never checks app rights itself.
 */
export interface ServerModule {
  /** The folder name; used in logs only. */
  name: string;
  plugin: FastifyPluginAsync;
}

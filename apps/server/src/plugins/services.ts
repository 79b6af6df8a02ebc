import fp from 'fastify-plugin';
import type { PortalConfig } from '../config/schema';
import { createServices, type Services } from '../services';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    portalConfig: PortalConfig;
    publicUrl: string;
  }
}

export interface ServicesPluginOptions {
  config: PortalConfig;
  publicUrl: string;
  jwtSecret?: string;
  accessTokenTtlSeconds?: number;
  dataDir: string;
  /**
   * The only job names this process runs: a service apart from the portal leaves the portal's
   * jobs and upkeep (indexing earlier documents) to the portal's replicas. All when absent.
   */
  takesJobs?: readonly string[];
}

export default fp<ServicesPluginOptions>(
  async (app, opts) => {
    app.decorate('portalConfig', opts.config);
    app.decorate('publicUrl', opts.publicUrl);
    const services = await createServices({ db: app.db, log: app.log, ...opts });
    app.decorate('services', services);
    // Modules register their answer stores and job handlers while the app is built; what requests
    // rely on starts once they all have: caches that other replicas' changes keep exact, and the
    // answers of a process that died become incomplete before anyone asks for them.
    app.addHook('onReady', async () => {
      for (const cache of services.caches) await cache.start(app.dbChanges);
      await services.answers.start();
    });
    // Jobs wait in the database, so their workers take the first look one poll interval after the
    // server listens: their first queries (sweep, claim, the indexing of earlier documents) cost a
    // cold embedded database some hundred milliseconds, which the requests that come with a
    // restart should not wait behind. A server that never listens runs no jobs.
    let startTimer: NodeJS.Timeout | undefined;
    let background: Promise<void> | undefined;
    let indexing: Promise<void> = Promise.resolve();
    app.addHook('onListen', async () => {
      startTimer = setTimeout(() => {
        background = (async () => {
          await services.jobs.start();
          // Documents from before the lexical index are found once indexed.
          if (!opts.takesJobs) indexing = services.documents.indexUnindexed();
        })().catch((err: unknown) => app.log.error({ err }, 'background work failed to start'));
      }, opts.config.jobs.poll_ms);
    });
    // Answers being generated are stopped and saved (incomplete) before the server stops listening.
    app.addHook('preClose', async () => {
      clearTimeout(startTimer);
      await background;
      await services.answers.stop();
      await services.jobs.stop();
      for (const cache of services.caches) await cache.stop();
      await indexing;
      // Parses stopped with the queue; the shared OCR workers go last.
      await services.documents.close();
    });
  },
  { name: 'services', dependencies: ['db'], fastify: '5.x' },
);

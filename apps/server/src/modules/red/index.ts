import fp from 'fastify-plugin';
import type { ServerModule } from '../module';
import { adminRoutes } from './admin-routes';
import { insightRoutes } from './insight-routes';
import { projectRoutes } from './project-routes';
import { pushRoutes } from './push-routes';
import { createRedServices, type RedServices } from './services';

declare module 'fastify' {
  interface FastifyInstance {
    /** The red module's services (社媒洞察). */
    red: RedServices;
  }
}

/** 社媒洞察: imported notes, categories and subscriptions, insight and hot topics, all offline. */
const red: ServerModule = {
  name: 'red',
  plugin: fp(
    async (app) => {
      const { jobs, files, llm } = app.services;
      const services = createRedServices({ db: app.db, jobs, store: files.service.store, llm }, app.portalConfig.red);
      app.decorate('red', services);
      services.imports.register();
      services.seeder.register();
      services.pull.register();
      services.aggregates.register();
      services.reanalysis.register();
      services.modelAnalysis.register();
      // After the job queue started, so the sample job (if any) runs at once.
      app.addHook('onReady', async () => {
        await services.aggregates.queueIfStale();
        await services.reanalysis.queueIfStale();
        await services.seeder.queueIfEmpty();
      });
      await app.register(
        async (scope) => {
          await scope.register(insightRoutes);
          await scope.register(projectRoutes);
          await scope.register(pushRoutes);
          await scope.register(adminRoutes);
        },
        { prefix: '/api/red' },
      );
    },
    { name: 'red-module', dependencies: ['services'], fastify: '5.x' },
  ),
};

export default red;

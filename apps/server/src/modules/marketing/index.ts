import fp from 'fastify-plugin';
import type { ServerModule } from '../module';
import { marketingUsageDefaults } from './config';
import { marketingFileRoutes } from './file-routes';
import { marketingRoutes } from './routes';
import { createMarketingServices, type MarketingServices } from './services';

declare module 'fastify' {
  interface FastifyInstance {
    /** The marketing module's services (案例分析). */
    marketing: MarketingServices;
  }
}

/** 案例分析: campaign descriptions analysed in a fixed frame, stored as structure, collected and compared. */
const marketing: ServerModule = {
  name: 'marketing',
  usage: { modules: ['marketing'], defaults: (config) => marketingUsageDefaults(config.marketing) },
  plugin: fp(
    async (app) => {
      const { db } = app;
      const { llm, answers, files, documents, quotas } = app.services;
      const services = createMarketingServices(
        { db, llm, answers, files: files.service, documents, quotas },
        app.portalConfig.marketing,
      );
      app.decorate('marketing', services);
      answers.registerStore(services.messages);
      await app.register(marketingRoutes, { prefix: '/api/marketing' });
      // Campaign images and documents, stored under the module so only its users can read them back.
      await app.register(marketingFileRoutes, { prefix: '/api/marketing' });
    },
    { name: 'marketing-module', dependencies: ['services'], fastify: '5.x' },
  ),
};

export default marketing;

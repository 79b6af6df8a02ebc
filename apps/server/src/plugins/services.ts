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
}

export default fp<ServicesPluginOptions>(
  async (app, opts) => {
    app.decorate('portalConfig', opts.config);
    app.decorate('publicUrl', opts.publicUrl);
    const services = await createServices({ db: app.db, log: app.log, ...opts });
    app.decorate('services', services);
    // Modules register their answer stores and job handlers while the app is built; work starts
    // once they all have.
    app.addHook('onReady', async () => {
      await services.answers.start();
      await services.jobs.start();
    });
    // Answers being generated are stopped and saved (incomplete) before the server stops listening.
    app.addHook('preClose', async () => {
      await services.answers.stop();
      await services.jobs.stop();
    });
  },
  { name: 'services', dependencies: ['db'], fastify: '5.x' },
);

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
}

export default fp<ServicesPluginOptions>(
  async (app, opts) => {
    app.decorate('portalConfig', opts.config);
    app.decorate('publicUrl', opts.publicUrl);
    app.decorate('services', await createServices({ db: app.db, ...opts }));
  },
  { name: 'services', dependencies: ['db'], fastify: '5.x' },
);

import { runtimeConfigSchema } from '@portal/contract';
import type { FastifyPluginAsync } from 'fastify';

/** The runtime config the browser fetches before anything else (section 3). */
const appConfigRoute: FastifyPluginAsync = async (app) => {
  const config = app.portalConfig;
  const body = runtimeConfigSchema.parse({
    clientId: config.sso.client_id,
    title: config.title,
    apiDomain: '/',
    bfaUrl: '/api/analytics/collect',
    bfaAutoFinishDelay: config.analytics.auto_finish_delay,
    analyticsTimeZone: config.analytics.timezone,
    imageHosts: config.image_proxy.allowed_hosts,
    searchApiDomain: config.search.api_domain,
  });
  app.get('/app-config.json', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return body;
  });
};

export default appConfigRoute;

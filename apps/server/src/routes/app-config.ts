import { ANALYTICS_COLLECT_PATH, runtimeConfigSchema } from '@portal/contract';
import { portalEndpoints } from '@portal/contract/endpoints/portal';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../lib/serve-endpoint';

/** The runtime config the browser fetches before anything else (section 3). */
const appConfigRoute: FastifyPluginAsync = async (app) => {
  const config = app.portalConfig;
  const body = runtimeConfigSchema.parse({
    clientId: config.sso.client_id,
    title: config.title,
    apiDomain: '/',
    bfaUrl: ANALYTICS_COLLECT_PATH,
    bfaAutoFinishDelay: config.analytics.auto_finish_delay,
    analyticsTimeZone: config.analytics.timezone,
    imageHosts: config.image_proxy.allowed_hosts,
    searchApiDomain: config.search.api_domain,
  });
  serve(app, portalEndpoints.appConfig, async ({ reply }) => {
    reply.header('cache-control', 'no-cache');
    return body;
  });
};

export default appConfigRoute;

import type { FastifyPluginAsync } from 'fastify';
import type { ServerModule } from '../module';
import { AnalyticsRollupJob, createAnalyticsServices, IngestGate } from './services';
import adminRoutes from './admin-routes';
import collectRoute from './collect-routes';

/** /api/analytics: the public ingest endpoint, the administrators' dashboard API and the rollup job. */
const analyticsRoutes: FastifyPluginAsync = async (app) => {
  const settings = app.portalConfig.analytics;
  const { ingest, rollup, query } = createAnalyticsServices(app.db, settings);
  const job = new AnalyticsRollupJob(rollup, settings.rollup_interval_seconds * 1000, app.log);
  app.addHook('onReady', async () => job.start());
  app.addHook('onClose', async () => job.stop());

  const gate = new IngestGate(settings.ingest_concurrency, settings.ingest_queue);
  await app.register(collectRoute, { ingest, gate, ratePerMinute: settings.rate_limit_per_minute });
  await app.register(adminRoutes, { prefix: '/admin', query, rollup, job });
};

const analytics: ServerModule = {
  name: 'analytics',
  plugin: async (app) => {
    await app.register(analyticsRoutes, { prefix: '/api/analytics' });
  },
};

export default analytics;

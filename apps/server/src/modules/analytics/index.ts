import type { FastifyPluginAsync } from 'fastify';
import type { ServerModule } from '../module';
import { AnalyticsRollupJob, createAnalyticsServices, IngestGate, MemoryCounter, RedisCounter } from './services';
import adminRoutes from './admin-routes';
import collectRoute from './collect-routes';

/** /api/analytics: the public ingest endpoint, the administrators' dashboard API and the rollup job. */
const analyticsRoutes: FastifyPluginAsync = async (app) => {
  const settings = app.portalConfig.analytics;
  const { redis, namespace } = app.sharedCounters;
  // With Redis the budget is one for all replicas; without, each process keeps its own.
  const counter = redis ? new RedisCounter(redis, `${namespace}analytics:`) : new MemoryCounter();
  const { ingest, rollup, query, budget, clientRows, names, dropped } = createAnalyticsServices(
    app.db,
    settings,
    counter,
  );
  const job = new AnalyticsRollupJob(rollup, settings.rollup_interval_seconds * 1000, app.log);
  app.addHook('onReady', async () => job.start());
  app.addHook('onClose', async () => {
    await job.stop();
    await dropped.close();
  });

  const gate = new IngestGate(settings.ingest_concurrency, settings.ingest_queue);
  await app.register(collectRoute, {
    ingest,
    gate,
    budget,
    clientRows,
    names,
    dropped,
    ratePerMinute: settings.rate_limit_per_minute,
    addressRatePerMinute: settings.address_rate_limit_per_minute,
  });
  await app.register(adminRoutes, { prefix: '/admin', query, rollup, job, dropped });
};

const analytics: ServerModule = {
  name: 'analytics',
  plugin: async (app) => {
    await app.register(analyticsRoutes, { prefix: '/api/analytics' });
  },
};

export default analytics;

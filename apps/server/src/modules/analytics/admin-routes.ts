import { analyticsAppQuerySchema, analyticsRangeQuerySchema, analyticsRollupRequestSchema } from '@portal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../lib/envelope';
import { parse } from '../../lib/validate';
import type { AnalyticsQueryService, AnalyticsRollupJob, AnalyticsRollupService, DropCounter } from './services';

export interface AdminRouteOptions {
  query: AnalyticsQueryService;
  rollup: AnalyticsRollupService;
  job: AnalyticsRollupJob;
  dropped: DropCounter;
}

/** `/api/analytics/admin/*`: the dashboard's figures over a `from`/`to` day range, administrators only. */
const adminRoutes: FastifyPluginAsync<AdminRouteOptions> = async (app, { query, rollup, job, dropped }) => {
  app.get('/overview', async (request) => ok(await query.overview(parse(analyticsRangeQuerySchema, request.query))));
  app.get('/app-opens', async (request) => ok(await query.appOpens(parse(analyticsRangeQuerySchema, request.query))));
  app.get('/cycles', async (request) => ok(await query.cycles(parse(analyticsRangeQuerySchema, request.query))));
  app.get('/api', async (request) => ok(await query.api(parse(analyticsRangeQuerySchema, request.query))));
  app.get('/script-errors', async (request) =>
    ok(await query.scriptErrors(parse(analyticsRangeQuerySchema, request.query))),
  );
  app.get('/dropped', async (request) => {
    const range = parse(analyticsRangeQuerySchema, request.query);
    // The latest counts first, so the figure is current for whoever looks.
    await dropped.flush().catch((err: unknown) => request.log.warn({ err }, 'dropped counts not written'));
    return ok(await query.dropped(range));
  });
  app.get('/app', async (request) => {
    const { app_key, ...range } = parse(analyticsAppQuerySchema, request.query);
    return ok(await query.appDetail(range, app_key));
  });

  app.post('/rollup', async (request) => {
    const { from, to } = parse(analyticsRollupRequestSchema, request.body);
    if (from && to) await rollup.markRange(from, to);
    const { days } = await job.runOnce();
    return ok({ days });
  });
};

export default adminRoutes;

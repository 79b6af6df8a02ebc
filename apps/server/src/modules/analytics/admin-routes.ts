import { analyticsEndpoints as e } from '@portal/contract/endpoints/analytics';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../lib/serve-endpoint';
import type { AnalyticsQueryService, AnalyticsRollupJob, AnalyticsRollupService, DropCounter } from './services';

export interface AdminRouteOptions {
  query: AnalyticsQueryService;
  rollup: AnalyticsRollupService;
  job: AnalyticsRollupJob;
  dropped: DropCounter;
}

/** `/api/analytics/admin/*`: the dashboard's figures over a `from`/`to` day range, administrators only. */
const adminRoutes: FastifyPluginAsync<AdminRouteOptions> = async (app, { query, rollup, job, dropped }) => {
  serve(app, e.overview, async ({ query: range }) => await query.overview(range));
  serve(app, e.appOpens, async ({ query: range }) => await query.appOpens(range));
  serve(app, e.cycles, async ({ query: range }) => await query.cycles(range));
  serve(app, e.api, async ({ query: range }) => await query.api(range));
  serve(app, e.scriptErrors, async ({ query: range }) => await query.scriptErrors(range));
  serve(app, e.dropped, async ({ query: range, request }) => {
    // The latest counts first, so the figure is current for whoever looks.
    await dropped.flush().catch((err: unknown) => request.log.warn({ err }, 'dropped counts not written'));
    return await query.dropped(range);
  });
  serve(app, e.app, async ({ query: { app_key, ...range } }) => await query.appDetail(range, app_key));

  serve(app, e.rollup, async ({ body: { from, to } }) => {
    if (from && to) await rollup.markRange(from, to);
    const { days } = await job.runOnce();
    return { days };
  });
};

export default adminRoutes;

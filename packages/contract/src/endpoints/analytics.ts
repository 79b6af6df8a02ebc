import { endpoint, type AnySchema } from '../endpoint';
import { analyticsBatchSchema, analyticsCollectResultSchema } from '../analytics';
import { ANALYTICS_COLLECT_PATH } from '../analytics-catalogue';
import {
  analyticsApiSchema,
  analyticsAppDetailSchema,
  analyticsAppOpensSchema,
  analyticsAppQuerySchema,
  analyticsCyclesSchema,
  analyticsDroppedSchema,
  analyticsOverviewSchema,
  analyticsRangeQuerySchema,
  analyticsRollupRequestSchema,
  analyticsRollupResultSchema,
  analyticsScriptErrorsSchema,
} from '../analytics-admin';

const tag = 'analytics';
const report = <D extends AnySchema>(name: string, summary: string, data: D) =>
  endpoint({
    method: 'GET',
    path: `/api/analytics/admin/${name}`,
    summary,
    tag,
    access: 'admin',
    query: analyticsRangeQuerySchema,
    data,
  });

/** The behaviour analytics: the browser's event batches and the dashboard's reports. */
export const analyticsEndpoints = {
  collect: endpoint({
    method: 'POST',
    path: ANALYTICS_COLLECT_PATH,
    summary: 'A batch of behaviour events from the browser (signed in or anonymous)',
    tag,
    access: 'public',
    body: analyticsBatchSchema,
    data: analyticsCollectResultSchema,
  }),
  overview: report('overview', 'Daily users, visits and events over a range', analyticsOverviewSchema),
  appOpens: report('app-opens', 'App opens per app and day', analyticsAppOpensSchema),
  cycles: report('cycles', 'Ask-to-answer cycles per app', analyticsCyclesSchema),
  api: report('api', 'API calls and their latency', analyticsApiSchema),
  scriptErrors: report('script-errors', 'Script errors reported by browsers', analyticsScriptErrorsSchema),
  dropped: report('dropped', 'Events refused or dropped, by reason', analyticsDroppedSchema),
  app: endpoint({
    method: 'GET',
    path: '/api/analytics/admin/app',
    summary: 'One app in detail',
    tag,
    access: 'admin',
    query: analyticsAppQuerySchema,
    data: analyticsAppDetailSchema,
  }),
  rollup: endpoint({
    method: 'POST',
    path: '/api/analytics/admin/rollup',
    summary: 'Rolls up the raw events of pending days now',
    tag,
    access: 'admin',
    body: analyticsRollupRequestSchema,
    data: analyticsRollupResultSchema,
  }),
};

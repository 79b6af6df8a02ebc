import { z } from 'zod';
import { analyticsConstants } from './constants';
import { envelopeSchema } from './envelope';
import {
  ANALYTICS_CHANNELS,
  ANALYTICS_ENVS,
  analyticsEventTypes,
  analyticsLimits,
  type AnalyticsEventType,
} from './analytics-catalogue';

const L = analyticsLimits;
const bounded = (max: number) => z.string().max(max);
const count = (max: number) => z.number().int().min(0).max(max);
const duration = count(L.maxDurationMs);
const size = z.object({ width: count(L.maxDimension), height: count(L.maxDimension) });

const emptyDetail = z.object({}).strict();

export const customParamValueSchema = z.union([
  bounded(L.customParamValueLength),
  z.number().finite(),
  z.boolean(),
  z.null(),
]);
export type CustomParamValue = z.infer<typeof customParamValueSchema>;

export const customParamsSchema = z
  .record(bounded(L.customParamKeyLength), customParamValueSchema)
  .refine((params) => Object.keys(params).length <= L.customParamCount, {
    message: `params 最多 ${L.customParamCount} 项`,
  });

/** Detail shape of each event type, keyed by type code. */
export const analyticsDetailSchemas = {
  [analyticsEventTypes.custom]: z.object({ key: bounded(L.customKeyLength).min(1), params: customParamsSchema }),
  [analyticsEventTypes.appOpen]: z.object({ app_key: bounded(L.appKeyLength).min(1) }),
  [analyticsEventTypes.init]: emptyDetail,
  [analyticsEventTypes.active]: emptyDetail,
  [analyticsEventTypes.hidden]: z.object({ stay_ms: duration }),
  [analyticsEventTypes.terminated]: z.object({ stay_ms: duration }),
  [analyticsEventTypes.scroll]: z.object({ scroll_top: count(L.maxDimension), scroll_height: count(L.maxDimension) }),
  [analyticsEventTypes.route]: z.object({
    from: bounded(L.urlLength),
    to: bounded(L.urlLength),
    route_name: bounded(L.routeNameLength),
  }),
  [analyticsEventTypes.apiResult]: z.object({
    duration_ms: duration,
    http_status: z.number().int().min(0).max(999),
    code: z.number().int().nullable(),
    message: bounded(L.messageLength),
    path: bounded(L.urlLength),
    request_id: bounded(L.requestIdLength),
  }),
  [analyticsEventTypes.setUserId]: z.object({ user_id: bounded(L.userIdLength).nullable() }),
  [analyticsEventTypes.scriptError]: z.object({
    message: bounded(L.messageLength),
    stack: bounded(L.stackLength).optional(),
    source: bounded(L.urlLength).optional(),
  }),
} as const;

export type AnalyticsDetailMap = {
  [K in AnalyticsEventType]: z.infer<(typeof analyticsDetailSchemas)[K]>;
};

/** Fields every event carries besides `type` and `detail` (section 3). */
export const analyticsEventBaseSchema = z.object({
  event_id: z.uuid(),
  anonymous_id: bounded(L.idLength).min(1),
  tab_id: bounded(L.idLength).min(1),
  cycle_id: bounded(L.idLength).min(1),
  page_url: bounded(L.urlLength),
  referrer: bounded(L.urlLength),
  ts: z.number().int().nonnegative(),
  screen: size,
  scroll: size,
  app_key: bounded(L.appKeyLength).min(1),
  user_id: bounded(L.userIdLength).nullable(),
  app_version: bounded(L.versionLength).min(1),
  app_name: bounded(L.appNameLength),
  channel: z.enum(ANALYTICS_CHANNELS),
  env: z.enum(ANALYTICS_ENVS),
  suid: bounded(L.idLength).nullable(),
  schema_version: z.literal(analyticsConstants.schemaVersion),
});
export type AnalyticsEventBase = z.infer<typeof analyticsEventBaseSchema>;

const variant = <T extends AnalyticsEventType>(type: T) =>
  analyticsEventBaseSchema.extend({ type: z.literal(type), detail: analyticsDetailSchemas[type] });

export const analyticsEventSchema = z.discriminatedUnion('type', [
  variant(analyticsEventTypes.custom),
  variant(analyticsEventTypes.appOpen),
  variant(analyticsEventTypes.init),
  variant(analyticsEventTypes.active),
  variant(analyticsEventTypes.hidden),
  variant(analyticsEventTypes.terminated),
  variant(analyticsEventTypes.scroll),
  variant(analyticsEventTypes.route),
  variant(analyticsEventTypes.apiResult),
  variant(analyticsEventTypes.setUserId),
  variant(analyticsEventTypes.scriptError),
]);
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;
export type AnalyticsEventOf<T extends AnalyticsEventType> = Extract<AnalyticsEvent, { type: T }>;

/** Body of `POST /api/analytics/collect`. */
export const analyticsBatchSchema = z.object({
  events: z.array(analyticsEventSchema).min(1).max(L.maxBatchEvents),
});
export type AnalyticsBatch = z.infer<typeof analyticsBatchSchema>;

/** `data` of the ingest response; events already stored under the same event_id count as duplicates. */
export const analyticsCollectResultSchema = z.object({
  accepted: z.number().int().nonnegative(),
  duplicates: z.number().int().nonnegative(),
  /** Events refused by the ingest budget or the cap on distinct event names (not to be resent). */
  dropped: z.number().int().nonnegative().optional(),
});
export type AnalyticsCollectResult = z.infer<typeof analyticsCollectResultSchema>;
export const analyticsCollectResponseSchema = envelopeSchema(analyticsCollectResultSchema);

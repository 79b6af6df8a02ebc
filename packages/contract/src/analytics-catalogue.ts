/** Plain (schema-free) analytics constants, so the browser SDK can import them without zod. */

/** Behaviour-analytics (bfa) event type codes of section 4. */
export const analyticsEventTypes = {
  custom: 0,
  appOpen: 12,
  init: 100,
  active: 101,
  hidden: 102,
  terminated: 103,
  scroll: 105,
  route: 106,
  apiResult: 200,
  setUserId: 201,
  scriptError: 300,
} as const;
export type AnalyticsEventTypeName = keyof typeof analyticsEventTypes;
export type AnalyticsEventType = (typeof analyticsEventTypes)[AnalyticsEventTypeName];

export const ANALYTICS_CHANNELS = ['web', 'h5'] as const;
export type AnalyticsChannel = (typeof ANALYTICS_CHANNELS)[number];
export const ANALYTICS_ENVS = ['offline', 'test', 'online'] as const;
export type AnalyticsEnv = (typeof ANALYTICS_ENVS)[number];

/** The portal's own ingest endpoint; other deployments pass their collector url to the SDK. */
export const ANALYTICS_COLLECT_PATH = '/api/analytics/collect';

/**
 * Upper bounds of every field. The SDK clips values to these before sending, so a valid
 * page never produces an event the server rejects; the server enforces the same bounds.
 */
export const analyticsLimits = {
  maxBatchEvents: 100,
  idLength: 64,
  urlLength: 2048,
  appKeyLength: 64,
  appNameLength: 128,
  userIdLength: 128,
  versionLength: 32,
  routeNameLength: 128,
  messageLength: 1000,
  stackLength: 8000,
  requestIdLength: 128,
  customKeyLength: 100,
  customParamCount: 30,
  customParamKeyLength: 64,
  customParamValueLength: 500,
  maxDimension: 1_000_000,
  maxDurationMs: 30 * 24 * 3600 * 1000,
} as const;

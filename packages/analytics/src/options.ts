import {
  ANALYTICS_CHANNELS,
  ANALYTICS_COLLECT_PATH,
  ANALYTICS_ENVS,
  analyticsConstants,
  type AnalyticsChannel,
  type AnalyticsEnv,
} from '@portal/contract';
import { defaultLifecycleSource, type LifecycleSource } from './lifecycle-source';
import { bfaMessages } from './log';
import { browserStorage, type StorageLike } from './storage';

export type FetchLike = (input: string, init: RequestInit) => Promise<Pick<Response, 'ok' | 'status'>>;

export interface InitOptions {
  /** Collector address; wins over `env`. */
  url?: string;
  /** Picks the collector of that environment and labels every event with it. */
  env?: AnalyticsEnv;
  /** Platform of the host app. */
  type: AnalyticsChannel;
  appKey: string;
  appName?: string;
  /** Defaults to `type`. */
  channel?: AnalyticsChannel;
  /** Inactivity delay (ms) that ends a service cycle, per top-level route name. */
  autoFinishDelay?: Record<string, number>;
  /** Current top-level route name; used at start and when trackRoute gets no name. */
  getRouteName?: () => string | undefined;
  fetch?: FetchLike;
  storage?: { local?: StorageLike; session?: StorageLike };
  lifecycle?: LifecycleSource;
  /** How long events wait to be batched before a send (ms). */
  flushDelayMs?: number;
}

export interface ResolvedOptions {
  url: string;
  env: AnalyticsEnv;
  appKey: string;
  appName: string;
  channel: AnalyticsChannel;
  autoFinishDelay: Record<string, number>;
  getRouteName: () => string | undefined;
  fetch: FetchLike;
  local: StorageLike;
  session: StorageLike;
  lifecycle: LifecycleSource;
  flushDelayMs: number;
  appVersion: string;
}

/**
 * Collector of each environment. The portal serves its own ingest on the same origin in every
 * environment, so they coincide; the env still tells test data apart on the server.
 */
export const analyticsEndpoints: Readonly<Record<AnalyticsEnv, string>> = {
  offline: ANALYTICS_COLLECT_PATH,
  test: ANALYTICS_COLLECT_PATH,
  online: ANALYTICS_COLLECT_PATH,
};

const DEFAULT_FLUSH_DELAY_MS = 1000;

const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (list as readonly string[]).includes(value);

const nonBlank = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

const validDelays = (delays: Record<string, number> | undefined) =>
  Object.fromEntries(
    Object.entries(delays ?? {}).filter(([, ms]) => typeof ms === 'number' && Number.isFinite(ms) && ms > 0),
  );

export type Resolution = { ok: true; options: ResolvedOptions } | { ok: false; errors: string[] };

export function resolveOptions(input: InitOptions | undefined): Resolution {
  const o: Partial<InitOptions> = input ?? {};
  const errors: string[] = [];
  if (!nonBlank(o.url) && o.env === undefined) errors.push(bfaMessages.missingTarget);
  if (o.env !== undefined && !isOneOf(ANALYTICS_ENVS, o.env)) errors.push(bfaMessages.invalidEnv(o.env));
  if (!nonBlank(o.appKey)) errors.push(bfaMessages.missingAppKey);
  if (!isOneOf(ANALYTICS_CHANNELS, o.type)) errors.push(bfaMessages.invalidType(o.type));
  if (o.channel !== undefined && !isOneOf(ANALYTICS_CHANNELS, o.channel))
    errors.push(bfaMessages.invalidChannel(o.channel));
  const fetchImpl = o.fetch ?? (typeof fetch === 'function' ? fetch.bind(globalThis) : undefined);
  if (!fetchImpl) errors.push(bfaMessages.noFetch);
  if (errors.length > 0 || !fetchImpl) return { ok: false, errors };

  const env = o.env ?? 'online';
  const type = o.type as AnalyticsChannel;
  return {
    ok: true,
    options: {
      url: nonBlank(o.url) ? o.url : analyticsEndpoints[env],
      env,
      appKey: (o.appKey as string).trim(),
      appName: o.appName ?? '',
      channel: o.channel ?? type,
      autoFinishDelay: validDelays(o.autoFinishDelay),
      getRouteName: o.getRouteName ?? (() => undefined),
      fetch: fetchImpl,
      local: o.storage?.local ?? browserStorage('localStorage'),
      session: o.storage?.session ?? browserStorage('sessionStorage'),
      lifecycle: o.lifecycle ?? defaultLifecycleSource(),
      flushDelayMs: o.flushDelayMs ?? DEFAULT_FLUSH_DELAY_MS,
      appVersion: analyticsConstants.appVersion,
    },
  };
}

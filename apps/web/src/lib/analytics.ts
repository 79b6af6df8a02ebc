import type * as AnalyticsSdk from '@portal/analytics';
import type { ApiCallResult } from '@portal/analytics';

/**
 * The single place the behaviour-analytics SDK is wired into the portal. The SDK loads as its own
 * chunk after the first paint; calls made before it is ready wait in a small queue.
 */

type Sdk = typeof AnalyticsSdk;
type Call = (sdk: Sdk) => void;

const MAX_PENDING = 200;
let sdk: Sdk | undefined;
let disabled = false;
const pending: Call[] = [];

function call(run: Call): void {
  if (sdk) return run(sdk);
  if (!disabled && pending.length < MAX_PENDING) pending.push(run);
}

export interface AnalyticsStartOptions {
  url: string;
  appName: string;
  autoFinishDelay: Record<string, number>;
  getRouteName(): string | undefined;
}

export async function startAnalytics(options: AnalyticsStartOptions): Promise<void> {
  let loaded: Sdk;
  try {
    loaded = await import('@portal/analytics');
  } catch {
    disabled = true;
    pending.length = 0;
    return;
  }
  const ready = loaded.init({
    url: options.url || undefined,
    env: options.url ? undefined : 'online',
    // Phones (and the workplace apps' in-app browsers on them) report channel h5.
    type: loaded.browserChannel(),
    appKey: 'portal',
    appName: options.appName,
    autoFinishDelay: options.autoFinishDelay,
    getRouteName: options.getRouteName,
  });
  if (!ready) {
    disabled = true;
    pending.length = 0;
    return;
  }
  sdk = loaded;
  for (const run of pending.splice(0)) run(loaded);
}

/** Event 12. */
export const trackAppOpen = (appKey: string) => call((s) => s.trackAppOpen(appKey));
/**
 * Event 106; a new top-level route name starts a new service cycle. Events then count for the
 * app behind that route (the portal itself outside modules), so figures per app mean something.
 */
export const trackRoute = (to: string, routeName: string | undefined, appKey: string) =>
  call((s) => {
    s.setAppKey(appKey);
    s.trackRoute(to, routeName);
  });
/** Event 200, fed by the HTTP client's result hook. */
export const trackApi = (result: ApiCallResult) => call((s) => s.trackApi(result));
/** Event 201. */
export const setAnalyticsUser = (userId: number | null) => call((s) => s.setUserId(userId));
/** Event 300 for errors React caught (window errors the SDK sees by itself). */
export const trackError = (error: unknown, source: string) => call((s) => s.trackError(error, source));

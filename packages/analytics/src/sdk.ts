import type { ApiCallResult, CustomParams } from './api-types';
import { bfaMessages, logError } from './log';
import { resolveOptions, type InitOptions } from './options';
import { Tracker } from './tracker';

let tracker: Tracker | null = null;

/** Analytics must never break the page it observes. */
function safely(run: () => void): void {
  try {
    run();
  } catch {
    // Swallowed on purpose: a failed event is not worth an exception in the host app.
  }
}

function whenReady(run: (t: Tracker) => void): void {
  if (!tracker) return logError(bfaMessages.notReady);
  const ready = tracker;
  safely(() => run(ready));
}

/** Starts the SDK; returns false (and logs why) when the options are unusable. */
export function init(options: InitOptions): boolean {
  if (tracker) {
    logError(bfaMessages.alreadyReady);
    return true;
  }
  const resolution = resolveOptions(options);
  if (!resolution.ok) {
    resolution.errors.forEach(logError);
    return false;
  }
  let created: Tracker | undefined;
  try {
    created = new Tracker(resolution.options);
    created.start();
    tracker = created;
    return true;
  } catch {
    const failed = created;
    if (failed) safely(() => failed.destroy());
    return false;
  }
}

export const isReady = (): boolean => tracker !== null;

export const setAppKey = (appKey: string) => whenReady((t) => t.setAppKey(appKey));

export const setUserId = (userId: string | number | null) => whenReady((t) => t.setUserId(userId));

/** Event 106; a routeName different from the current one starts a new service cycle. */
export const trackRoute = (to: string, routeName?: string) => whenReady((t) => t.trackRoute(to, routeName));

export const trackApi = (result: ApiCallResult) => whenReady((t) => t.trackApi(result));

export const trackAppOpen = (appKey: string) => whenReady((t) => t.trackAppOpen(appKey));

export const track = (key: string, params?: CustomParams) => whenReady((t) => t.track(key, params));

/** Event 300 for errors the host caught itself (framework error boundaries). */
export const trackError = (error: unknown, source?: string) => whenReady((t) => t.trackError(error, source));

export const flush = () => whenReady((t) => t.flush());

/** Sends what it can, removes every listener and timer, and forgets the configuration. */
export function destroy(): void {
  const current = tracker;
  tracker = null;
  if (current) safely(() => current.destroy());
}

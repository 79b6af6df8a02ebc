import {
  analyticsConstants,
  analyticsEventTypes as T,
  analyticsLimits as L,
  type AnalyticsDetailMap,
  type AnalyticsEventType,
} from '@portal/contract';
import type { ApiCallResult, CustomParams } from './api-types';
import { BatchSender } from './batch-sender';
import { clip, clipNullable, clipParams, whole } from './clip';
import { ListenerGroup } from './dom-listeners';
import { FINAL_EVENT_RESERVE_BYTES } from './keepalive-chunks';
import { fromErrorEvent, fromRejection, fromUnknown } from './error-details';
import { buildEvent, type EventContext } from './event-builder';
import { ANONYMOUS_ID_KEY, resolveSuid, storedId, TAB_ID_KEY } from './identity';
import { isVisibleState, type LifecycleChange } from './lifecycle-source';
import { bfaMessages, logError } from './log';
import type { ResolvedOptions } from './options';
import { pagePath, scrollPosition } from './page-info';
import { ServiceCycle } from './service-cycle';
import { debounce, throttle } from './timing';

/** A page that throws in a loop must not flood the collector. */
const MAX_SCRIPT_ERRORS = 100;
const ACTIVITY_EVENTS = ['mousemove', 'keydown', 'click', 'touchstart', 'scroll'] as const;

/** One initialised SDK: collects page events, keeps service cycles and hands events to the sender. */
export class Tracker {
  private readonly ctx: Omit<EventContext, 'cycleId'>;
  private readonly sender: BatchSender;
  private readonly cycle: ServiceCycle;
  private readonly listeners = new ListenerGroup();
  private readonly startedAt = Date.now();
  private routeName: string | undefined;
  private path = pagePath();
  private visibleSince: number | null = null;
  private scriptErrors = 0;
  private scrollTarget: EventTarget | null = null;
  private readonly reportScroll = debounce(() => this.emitScroll(), analyticsConstants.scrollDebounceMs);

  constructor(private readonly options: ResolvedOptions) {
    this.routeName = options.getRouteName();
    this.cycle = new ServiceCycle({
      defaultDelayMs: analyticsConstants.serviceCycleTimeoutMs,
      delayFor: () => this.delayForRoute(),
    });
    this.ctx = {
      anonymousId: storedId(options.local, ANONYMOUS_ID_KEY),
      tabId: storedId(options.session, TAB_ID_KEY),
      appKey: clip(options.appKey, L.appKeyLength),
      appName: clip(options.appName, L.appNameLength),
      appVersion: options.appVersion,
      channel: options.channel,
      env: options.env,
      suid: resolveSuid(location.search, options.session),
      userId: null,
    };
    this.sender = new BatchSender({ url: options.url, fetch: options.fetch, flushDelayMs: options.flushDelayMs });
  }

  get anonymousId(): string {
    return this.ctx.anonymousId;
  }

  get cycleId(): string {
    return this.cycle.id;
  }

  start(): void {
    if (isVisibleState(this.options.lifecycle.state)) this.visibleSince = Date.now();
    this.emit(T.init, {});
    this.options.lifecycle.addEventListener('statechange', this.onLifecycle);
    this.listeners.add(() => this.options.lifecycle.removeEventListener('statechange', this.onLifecycle));

    const activity = throttle(() => this.cycle.activity(), analyticsConstants.activityThrottleMs);
    for (const type of ACTIVITY_EVENTS) this.listeners.on(window, type, activity, { passive: true, capture: true });
    // Capture phase, because scrolling inner containers does not bubble up to the window.
    this.listeners.on(window, 'scroll', (e) => this.onScroll(e), { passive: true, capture: true });
    this.listeners.on(window, 'error', (e) => this.reportError(() => fromErrorEvent(e)));
    this.listeners.on(window, 'unhandledrejection', (e) => this.reportError(() => fromRejection(e)));
  }

  destroy(): void {
    this.listeners.clear();
    this.reportScroll.cancel();
    this.cycle.dispose();
    this.sender.flushForExit();
    this.sender.dispose();
  }

  flush(): void {
    this.sender.flush();
  }

  /** A host of several apps (the portal) reports which one the user is in; later events carry it. */
  setAppKey(appKey: string): void {
    const key = clip(appKey, L.appKeyLength).trim();
    if (key) this.ctx.appKey = key;
  }

  setUserId(userId: string | number | null): void {
    this.ctx.userId = clipNullable(userId, L.userIdLength);
    this.emit(T.setUserId, { user_id: this.ctx.userId });
  }

  trackRoute(to: string, routeName?: string): void {
    const name = routeName ?? this.options.getRouteName() ?? this.routeName;
    if (name !== this.routeName) {
      this.routeName = name;
      this.cycle.restart();
    } else {
      this.cycle.activity();
    }
    const from = this.path;
    this.path = clip(to, L.urlLength);
    this.emit(T.route, { from, to: this.path, route_name: clip(name, L.routeNameLength) });
  }

  trackApi(result: ApiCallResult): void {
    this.emit(T.apiResult, {
      duration_ms: whole(result.durationMs, L.maxDurationMs),
      http_status: whole(result.httpStatus, 999),
      code: Number.isInteger(result.code) ? (result.code as number) : null,
      message: clip(result.message, L.messageLength),
      path: clip(result.path, L.urlLength),
      request_id: clip(result.requestId, L.requestIdLength),
    });
  }

  trackAppOpen(appKey: string): void {
    const key = clip(appKey, L.appKeyLength).trim();
    if (!key) return logError(bfaMessages.missingOpenedAppKey);
    this.emit(T.appOpen, { app_key: key });
  }

  track(key: string, params?: CustomParams): void {
    const name = clip(key, L.customKeyLength).trim();
    if (!name) return logError(bfaMessages.missingEventKey);
    this.emit(T.custom, { key: name, params: clipParams(params) });
  }

  trackError(error: unknown, source?: string): void {
    this.reportError(() => fromUnknown(error, source));
  }

  private emit<K extends AnalyticsEventType>(type: K, detail: AnalyticsDetailMap[K], deferred = false): void {
    this.sender.enqueue(buildEvent({ ...this.ctx, cycleId: this.cycle.id }, type, detail), deferred);
  }

  private readonly onLifecycle = ({ oldState, newState }: LifecycleChange): void => {
    const wasVisible = isVisibleState(oldState);
    const isVisible = isVisibleState(newState);
    if (!wasVisible && isVisible) {
      this.visibleSince = Date.now();
      this.cycle.activity();
      this.emit(T.active, {});
    } else if (wasVisible && !isVisible) {
      this.emit(T.hidden, { stay_ms: whole(Date.now() - (this.visibleSince ?? Date.now()), L.maxDurationMs) }, true);
      this.visibleSince = null;
    }
    if (newState === 'terminated') {
      this.emit(T.terminated, { stay_ms: whole(Date.now() - this.startedAt, L.maxDurationMs) }, true);
    }
    // A hidden page may be closed or discarded without any further event.
    if (!isVisible) this.sender.flushForExit(newState === 'terminated' ? 0 : FINAL_EVENT_RESERVE_BYTES);
  };

  private onScroll(event: Event): void {
    this.scrollTarget = event.target;
    this.reportScroll();
  }

  private emitScroll(): void {
    const target = this.scrollTarget;
    const isElement =
      typeof Element !== 'undefined' && target instanceof Element && target !== document.documentElement;
    this.emit(
      T.scroll,
      isElement
        ? {
            scroll_top: whole(target.scrollTop, L.maxDimension),
            scroll_height: whole(target.scrollHeight, L.maxDimension),
          }
        : scrollPosition(),
    );
  }

  private reportError(detail: () => ReturnType<typeof fromUnknown>): void {
    if (this.scriptErrors >= MAX_SCRIPT_ERRORS) return;
    this.scriptErrors++;
    this.emit(T.scriptError, detail());
  }

  private delayForRoute(): number | undefined {
    const name = this.routeName;
    const delays = this.options.autoFinishDelay;
    return name !== undefined && Object.hasOwn(delays, name) ? delays[name] : undefined;
  }
}

import { randomUUID } from 'node:crypto';
import { analyticsConstants, type AnalyticsEvent } from '@portal/contract';

type Variant = Pick<AnalyticsEvent, 'type' | 'detail'>;

export interface EventSpec {
  ts: number;
  appKey?: string;
  anonymousId?: string;
  userId?: string | null;
  cycleId?: string;
  eventId?: string;
}

export const initEvent: Variant = { type: 100, detail: {} };
export const openEvent = (appKey: string): Variant => ({ type: 12, detail: { app_key: appKey } });
export const apiEvent = (path: string, httpStatus: number, code: number | null, durationMs: number): Variant => ({
  type: 200,
  detail: { duration_ms: durationMs, http_status: httpStatus, code, message: '', path, request_id: randomUUID() },
});
export const scriptErrorEvent = (message: string): Variant => ({ type: 300, detail: { message } });

/** A complete, valid event as the SDK would send it. */
export function event(variant: Variant, spec: EventSpec): AnalyticsEvent {
  return {
    event_id: spec.eventId ?? randomUUID(),
    anonymous_id: spec.anonymousId ?? 'anon-1',
    tab_id: 'tab-1',
    cycle_id: spec.cycleId ?? 'cycle-1',
    page_url: 'http://localhost/home',
    referrer: '',
    ts: spec.ts,
    screen: { width: 1920, height: 1080 },
    scroll: { width: 1920, height: 3000 },
    app_key: spec.appKey ?? 'portal',
    user_id: spec.userId ?? null,
    app_version: analyticsConstants.appVersion,
    app_name: 'AI 门户',
    channel: 'web',
    env: 'online',
    suid: null,
    schema_version: analyticsConstants.schemaVersion,
    ...variant,
  } as AnalyticsEvent;
}

const DAY_MS = 86_400_000;
const SHANGHAI_OFFSET_MS = 8 * 3_600_000;

/** The calendar day (Asia/Shanghai, the default analytics time zone) `daysAgo` days before today. */
export function shanghaiDay(daysAgo: number, now = Date.now()): string {
  return new Date(now + SHANGHAI_OFFSET_MS - daysAgo * DAY_MS).toISOString().slice(0, 10);
}

/** ms since epoch of `hh:mm` on a Shanghai calendar day. */
export function shanghaiTime(day: string, hours: number, minutes = 0): number {
  return Date.parse(`${day}T00:00:00+08:00`) + hours * 3_600_000 + minutes * 60_000;
}

import {
  analyticsConstants,
  type AnalyticsChannel,
  type AnalyticsDetailMap,
  type AnalyticsEnv,
  type AnalyticsEvent,
  type AnalyticsEventType,
} from '@portal/contract';
import { pageInfo } from './page-info';
import { uuid } from './uuid';

/** Who and where: the part of an event that does not depend on what happened. */
export interface EventContext {
  anonymousId: string;
  tabId: string;
  cycleId: string;
  appKey: string;
  appName: string;
  appVersion: string;
  channel: AnalyticsChannel;
  env: AnalyticsEnv;
  suid: string | null;
  userId: string | null;
}

export function buildEvent<T extends AnalyticsEventType>(
  ctx: EventContext,
  type: T,
  detail: AnalyticsDetailMap[T],
): AnalyticsEvent {
  return {
    event_id: uuid(),
    anonymous_id: ctx.anonymousId,
    tab_id: ctx.tabId,
    cycle_id: ctx.cycleId,
    ...pageInfo(),
    ts: Date.now(),
    type,
    detail,
    app_key: ctx.appKey,
    user_id: ctx.userId,
    app_version: ctx.appVersion,
    app_name: ctx.appName,
    channel: ctx.channel,
    env: ctx.env,
    suid: ctx.suid,
    schema_version: analyticsConstants.schemaVersion,
  } as AnalyticsEvent;
}

import type {
  AnalyticsApi,
  AnalyticsAppDetail,
  AnalyticsAppOpens,
  AnalyticsCycles,
  AnalyticsEvent,
  AnalyticsOverview,
  AnalyticsScriptErrors,
} from '@portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalyticsRollupService } from '../../src/modules/analytics/services';
import { rows } from '../../src/lib/sql-rows';
import { api, body, buildTestApp, issueTokensFor, type TestApp } from '../helper';
import { apiEvent, event, initEvent, openEvent, scriptErrorEvent, shanghaiDay, shanghaiTime } from './events';

let t: TestApp;
let admin: string;

const dayA = shanghaiDay(3);
const dayB = shanghaiDay(2);
const before = shanghaiDay(4);
const TYPE_ERROR = 'TypeError: x is undefined';
const REF_ERROR = 'ReferenceError: y is not defined';

/**
 * Three browsers, two reporting apps (portal, chatgpt), six cycles over two days. The expected
 * figures in the tests below are worked out by hand from this list.
 */
function dataset(): AnalyticsEvent[] {
  const a = (h: number, s = 0) => shanghaiTime(dayA, h) + s * 1000;
  const b = (h: number, s = 0) => shanghaiTime(dayB, h) + s * 1000;
  const u1 = { anonymousId: 'anon-1', userId: '101' };
  const u2 = { anonymousId: 'anon-2' };
  const u3 = { anonymousId: 'anon-3' };
  return [
    // day A, portal, anon-1, cycle c1: 30 s
    event(initEvent, { ...u1, cycleId: 'c1', ts: a(10) }),
    event(openEvent('chatgpt'), { ...u1, cycleId: 'c1', ts: a(10, 10) }),
    event(openEvent('chatgpt'), { ...u1, cycleId: 'c1', ts: a(10, 20) }),
    event(apiEvent('/api/app/list', 200, 0, 100), { ...u1, cycleId: 'c1', ts: a(10, 25) }),
    event(apiEvent('/api/user/info?x=1', 401, 1002, 50), { ...u1, cycleId: 'c1', ts: a(10, 30) }),
    // day A, portal, anon-2, cycle c2: 5 s
    event(initEvent, { ...u2, cycleId: 'c2', ts: a(11) }),
    event(openEvent('chatgpt'), { ...u2, cycleId: 'c2', ts: a(11, 5) }),
    event(scriptErrorEvent(TYPE_ERROR), { ...u2, cycleId: 'c2', ts: a(11, 5) }),
    // day A, chatgpt, anon-3, cycle c3: 60 s
    event(initEvent, { ...u3, appKey: 'chatgpt', cycleId: 'c3', ts: a(12) }),
    event(apiEvent('/api/chatgpt/ask', 500, null, 300), { ...u3, appKey: 'chatgpt', cycleId: 'c3', ts: a(12, 30) }),
    event(apiEvent('/api/chatgpt/ask', 200, 0, 100), { ...u3, appKey: 'chatgpt', cycleId: 'c3', ts: a(12, 40) }),
    event(scriptErrorEvent(TYPE_ERROR), { ...u3, appKey: 'chatgpt', cycleId: 'c3', ts: a(12, 50) }),
    event(scriptErrorEvent(REF_ERROR), { ...u3, appKey: 'chatgpt', cycleId: 'c3', ts: a(12, 60) }),
    // day A, portal, anon-3, cycle c4: one event, 0 s
    event(openEvent('deepseek'), { ...u3, cycleId: 'c4', ts: a(13) }),
    // day B, portal, anon-1, cycle c5: 20 s
    event(initEvent, { ...u1, cycleId: 'c5', ts: b(9) }),
    event(openEvent('deepseek'), { ...u1, cycleId: 'c5', ts: b(9, 20) }),
    event(apiEvent('/api/app/list', 200, 0, 200), { ...u1, cycleId: 'c5', ts: b(9, 20) }),
    // day B, portal, anon-2, cycle c6: 0 s
    event(scriptErrorEvent(TYPE_ERROR), { ...u2, cycleId: 'c6', ts: b(9) }),
  ];
}

const get = async <T>(path: string, query: Record<string, string>) => {
  const res = await api(t, admin, { method: 'GET', url: `/api/analytics/admin/${path}`, query });
  const env = body<T>(res);
  expect(env.code).toBe(0);
  return env.data;
};
const range = { from: dayA, to: dayB };

beforeAll(async () => {
  t = await buildTestApp();
  admin = (await issueTokensFor(t, 'admin')).access_token.token;
  const events = dataset();
  // Two batches out of order, as several tabs would send them.
  const res1 = await t.app.inject({
    method: 'POST',
    url: '/api/analytics/collect',
    payload: { events: events.slice(9) },
  });
  const res2 = await t.app.inject({
    method: 'POST',
    url: '/api/analytics/collect',
    payload: { events: events.slice(0, 9) },
  });
  expect(body(res1).code).toBe(0);
  expect(body(res2).code).toBe(0);
  const rolled = await api(t, admin, { method: 'POST', url: '/api/analytics/admin/rollup', payload: {} });
  expect(body<{ days: number }>(rolled).data.days).toBe(2);
});
afterAll(async () => t?.close());

describe('analytics aggregates', () => {
  it('overview: KPIs and active users per day', async () => {
    const data = await get<AnalyticsOverview>('overview', { from: before, to: dayB });
    expect(data).toEqual({
      from: before,
      to: dayB,
      events: 18,
      // Only anon-1 carries a user id: one signed-in person a day; anon-2 and anon-3 are visitors.
      peak_daily_users: 1,
      avg_daily_users: 0.7,
      peak_daily_anonymous: 2,
      app_opens: 5,
      cycles: 6,
      avg_cycle_ms: 19_167,
      api_calls: 5,
      api_errors: 2,
      api_error_rate: 0.4,
      script_errors: 4,
      days: [
        { day: before, users: 0, anonymous: 0 },
        { day: dayA, users: 1, anonymous: 2 },
        { day: dayB, users: 1, anonymous: 1 },
      ],
    });
  });

  it('app opens per opened app', async () => {
    expect(await get<AnalyticsAppOpens>('app-opens', range)).toEqual({
      list: [
        { app_key: 'chatgpt', app_name: 'ChatGPT', opens: 3 },
        { app_key: 'deepseek', app_name: 'DeepSeek', opens: 2 },
      ],
    });
  });

  it('service-cycle durations per reporting app', async () => {
    expect(await get<AnalyticsCycles>('cycles', range)).toEqual({
      list: [
        { app_key: 'portal', app_name: 'portal', cycles: 5, avg_ms: 11_000, max_ms: 30_000 },
        { app_key: 'chatgpt', app_name: 'ChatGPT', cycles: 1, avg_ms: 60_000, max_ms: 60_000 },
      ],
    });
  });

  it('API error rate and slowest paths', async () => {
    expect(await get<AnalyticsApi>('api', range)).toEqual({
      calls: 5,
      errors: 2,
      error_rate: 0.4,
      days: [
        { day: dayA, calls: 4, errors: 2, error_rate: 0.5 },
        { day: dayB, calls: 1, errors: 0, error_rate: 0 },
      ],
      slowest: [
        { path: '/api/chatgpt/ask', calls: 2, errors: 1, error_rate: 0.5, avg_ms: 200, max_ms: 300 },
        { path: '/api/app/list', calls: 2, errors: 0, error_rate: 0, avg_ms: 150, max_ms: 200 },
        { path: '/api/user/info', calls: 1, errors: 1, error_rate: 1, avg_ms: 50, max_ms: 50 },
      ],
    });
  });

  it('script errors grouped by message', async () => {
    const data = await get<AnalyticsScriptErrors>('script-errors', range);
    expect(data.total).toBe(4);
    expect(data.list.map(({ message, count, apps }) => ({ message, count, apps }))).toEqual([
      { message: TYPE_ERROR, count: 3, apps: ['chatgpt', 'portal'] },
      { message: REF_ERROR, count: 1, apps: ['chatgpt'] },
    ]);
    expect(data.list[0]?.last_seen).toBe(shanghaiTime(dayB, 9));
  });

  it('drills down into one app', async () => {
    const chatgpt = await get<AnalyticsAppDetail>('app', { ...range, app_key: 'chatgpt' });
    expect(chatgpt.app_name).toBe('ChatGPT');
    expect(chatgpt.opens).toEqual({
      total: 3,
      days: [
        { day: dayA, opens: 3 },
        { day: dayB, opens: 0 },
      ],
    });
    expect(chatgpt.cycles).toEqual({
      cycles: 1,
      avg_ms: 60_000,
      max_ms: 60_000,
      days: [
        { day: dayA, cycles: 1, avg_ms: 60_000 },
        { day: dayB, cycles: 0, avg_ms: 0 },
      ],
    });
    expect(chatgpt.api).toMatchObject({ calls: 2, errors: 1, error_rate: 0.5 });
    expect(chatgpt.api.slowest.map((p) => p.path)).toEqual(['/api/chatgpt/ask']);
    expect(chatgpt.script_errors.total).toBe(2);

    const portal = await get<AnalyticsAppDetail>('app', { ...range, app_key: 'portal' });
    expect(portal.opens.total).toBe(0);
    expect(portal.cycles).toMatchObject({ cycles: 5, avg_ms: 11_000, max_ms: 30_000 });
    expect(portal.api).toMatchObject({ calls: 3, errors: 1 });
    expect(portal.script_errors.list.map((e) => [e.message, e.count])).toEqual([[TYPE_ERROR, 2]]);
  });

  it('keeps the rollup equal to the raw events, and recomputing changes nothing', async () => {
    const fromRaw = await rows<{ app_key: string; type: number; n: number }>(
      t.app.db,
      sql`SELECT app_key, type::int AS type, count(*)::int AS n FROM analytics_events GROUP BY 1, 2 ORDER BY 1, 2`,
    );
    const fromRollup = async () =>
      rows<{ app_key: string; type: number; n: number }>(
        t.app.db,
        sql`SELECT app_key, type::int AS type, sum(events)::int AS n FROM analytics_daily_events GROUP BY 1, 2 ORDER BY 1, 2`,
      );
    expect(await fromRollup()).toEqual(fromRaw);
    const overview = await get<AnalyticsOverview>('overview', range);

    const redo = await api(t, admin, { method: 'POST', url: '/api/analytics/admin/rollup', payload: range });
    expect(body<{ days: number }>(redo).data.days).toBe(2);
    expect(await fromRollup()).toEqual(fromRaw);
    expect(await get<AnalyticsOverview>('overview', range)).toEqual(overview);
  });

  it('rolls up late events into their own day', async () => {
    const late = event(openEvent('chatgpt'), { anonymousId: 'anon-9', cycleId: 'c9', ts: shanghaiTime(dayB, 23, 59) });
    await t.app.inject({ method: 'POST', url: '/api/analytics/collect', payload: { events: [late] } });
    await api(t, admin, { method: 'POST', url: '/api/analytics/admin/rollup', payload: {} });
    const opens = await get<AnalyticsAppOpens>('app-opens', { from: dayB, to: dayB });
    expect(opens.list).toEqual([
      { app_key: 'chatgpt', app_name: 'ChatGPT', opens: 1 },
      { app_key: 'deepseek', app_name: 'DeepSeek', opens: 1 },
    ]);
    const overview = await get<AnalyticsOverview>('overview', { from: dayB, to: dayB });
    expect(overview.days).toEqual([{ day: dayB, users: 1, anonymous: 2 }]);
  });
});

describe('analytics retention', () => {
  const countOn = async (day: string) => {
    const [row] = await rows<{ n: number }>(
      t.app.db,
      sql`SELECT count(*)::int AS n FROM analytics_events
          WHERE (ts AT TIME ZONE 'Asia/Shanghai')::date = ${day}::date`,
    );
    return row?.n ?? 0;
  };

  it('deletes raw events past the retention window and keeps their rollups', async () => {
    const oldDay = shanghaiDay(40);
    await t.app.inject({
      method: 'POST',
      url: '/api/analytics/collect',
      payload: { events: [event(initEvent, { anonymousId: 'anon-old', ts: shanghaiTime(oldDay, 12) })] },
    });
    await api(t, admin, { method: 'POST', url: '/api/analytics/admin/rollup', payload: {} });
    expect(await countOn(oldDay)).toBe(1);

    const shorter = new AnalyticsRollupService(t.app.db, { timezone: 'Asia/Shanghai', retentionDays: 30 });
    expect(await shorter.purgeExpired()).toBe(1);
    expect(await countOn(oldDay)).toBe(0);
    expect(await countOn(dayA)).toBeGreaterThan(0);
    // A rollup run after expiry must not wipe the day it can no longer recompute.
    await shorter.markRange(oldDay, oldDay);
    await shorter.run();
    expect((await get<AnalyticsOverview>('overview', { from: oldDay, to: oldDay })).events).toBe(1);
  });

  it('the rollup job purges events older than analytics.retention_days (180)', async () => {
    const ancient = shanghaiDay(200);
    await t.app.inject({
      method: 'POST',
      url: '/api/analytics/collect',
      payload: { events: [event(initEvent, { anonymousId: 'anon-ancient', ts: shanghaiTime(ancient, 12) })] },
    });
    expect(await countOn(ancient)).toBe(1);
    await api(t, admin, { method: 'POST', url: '/api/analytics/admin/rollup', payload: {} });
    expect(await countOn(ancient)).toBe(0);
    expect((await get<AnalyticsOverview>('overview', { from: ancient, to: ancient })).events).toBe(0);
  });
});

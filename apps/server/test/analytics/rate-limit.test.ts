import { randomUUID } from 'node:crypto';
import { ErrorCode, ErrorMessage, type AnalyticsCollectResult, type AnalyticsDropped } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalConfig } from '../../src/config/schema';
import { api, bearer, body, buildTestApp, issueTokensFor, type TestApp } from '../helper';
import { event, initEvent } from './events';

/**
 * Ingest under a flood: limits key on what a client cannot choose (address, signed-in user), a
 * global row budget holds whatever the number of clients, custom event names are capped per app
 * and day, and every refusal is counted by reason for the dashboard.
 */

const withAnalytics =
  (analytics: Partial<PortalConfig['analytics']>) =>
  (c: PortalConfig): PortalConfig => ({ ...c, analytics: { ...c.analytics, ...analytics } });

const custom = (key: string) => ({ type: 0 as const, detail: { key, params: {} } });

function collect(t: TestApp, events: unknown[], token?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/analytics/collect',
    payload: { events },
    headers: token ? bearer(token) : {},
  });
}

const batch = (n: number, anonymousId = 'anon') =>
  Array.from({ length: n }, () => event(initEvent, { ts: Date.now(), anonymousId }));

async function droppedBy(t: TestApp, adminToken: string): Promise<Record<string, { batches: number; events: number }>> {
  const today = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
  const to = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const res = await api(t, adminToken, { method: 'GET', url: `/api/analytics/admin/dropped?from=${from}&to=${to}` });
  const env = body<AnalyticsDropped>(res);
  expect(env.code, today).toBe(0);
  const byReason: Record<string, { batches: number; events: number }> = {};
  for (const row of env.data.rows) {
    const r = (byReason[row.reason] ??= { batches: 0, events: 0 });
    r.batches += row.batches;
    r.events += row.events;
  }
  return byReason;
}

describe('per-client limits', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp({ config: withAnalytics({ rate_limit_per_minute: 2, address_rate_limit_per_minute: 3 }) });
    admin = (await issueTokensFor(t, 'admin')).access_token.token;
  });
  afterAll(async () => t?.close());

  it('limits an address however the body rotates anonymous_id, with 429 and Retry-After', async () => {
    for (let i = 0; i < 3; i++) expect((await collect(t, batch(1, `anon-${randomUUID()}`))).statusCode).toBe(200);
    const limited = await collect(t, batch(2, `anon-${randomUUID()}`));
    expect(limited.statusCode).toBe(429);
    expect(body(limited)).toEqual({ code: ErrorCode.rateLimited, message: ErrorMessage.rateLimited, data: null });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('gives each signed-in user a budget of their own, keyed by the token, not the body', async () => {
    const staff = (await issueTokensFor(t, 'staff')).access_token.token;
    for (let i = 0; i < 2; i++) expect((await collect(t, batch(1), staff)).statusCode).toBe(200);
    expect((await collect(t, batch(1), staff)).statusCode).toBe(429);
    // Another person behind the same address is not held up by the first.
    expect((await collect(t, batch(1), admin)).statusCode).toBe(200);
  });

  it('counts the refused batches and events by reason', async () => {
    const dropped = await droppedBy(t, admin);
    expect(dropped.rate_limit?.batches).toBe(2);
    expect(dropped.rate_limit?.events).toBe(3);
  });
});

/** Waits, when the current UTC minute has less than 10 s left, until the next one starts. */
async function outsideMinuteEnd(): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 10_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

describe('the global ingest budget', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp({
      // Anonymous batches may use the whole budget here: what is tested is the budget itself.
      config: withAnalytics({
        ingest_rows_per_minute: 5,
        address_rate_limit_per_minute: 1000,
        anonymous_budget_share: 1,
      }),
    });
    admin = (await issueTokensFor(t, 'admin')).access_token.token;
  });
  afterAll(async () => t?.close());

  it('stores at most the rows per minute, whoever sends them, and counts the rest', async () => {
    // The budget counts per UTC minute: both batches must land in the same one.
    await outsideMinuteEnd();
    expect(body<AnalyticsCollectResult>(await collect(t, batch(3, 'a'))).data.accepted).toBe(3);
    const over = await collect(t, batch(3, 'b'));
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await droppedBy(t, admin)).budget_minute).toEqual({ batches: 1, events: 3 });
  });
});

describe('rows per client', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp({
      config: withAnalytics({ address_rows_per_minute: 250, address_rate_limit_per_minute: 1000 }),
    });
    admin = (await issueTokensFor(t, 'admin')).access_token.token;
  });
  afterAll(async () => t?.close());

  it('cuts an anonymous address off at its rows per minute, however few batches carry them', async () => {
    await outsideMinuteEnd();
    const from = (remoteAddress: string) => (events: unknown[]) =>
      t.app.inject({ method: 'POST', url: '/api/analytics/collect', payload: { events }, remoteAddress });
    const flooder = from('10.9.0.1');
    for (let i = 0; i < 2; i++) {
      expect(body<AnalyticsCollectResult>(await flooder(batch(100, `anon-${randomUUID()}`))).data.accepted).toBe(100);
    }
    const limited = await flooder(batch(100, `anon-${randomUUID()}`));
    expect(limited.statusCode).toBe(429);
    expect(body(limited)).toEqual({ code: ErrorCode.rateLimited, message: ErrorMessage.rateLimited, data: null });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Only that address is cut off.
    expect((await from('10.9.0.2')(batch(100))).statusCode).toBe(200);
    expect((await droppedBy(t, admin)).rate_limit).toEqual({ batches: 1, events: 100 });
  });
});

describe('the anonymous share of the budget', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      config: withAnalytics({
        ingest_rows_per_minute: 10,
        anonymous_budget_share: 0.5,
        address_rate_limit_per_minute: 1000,
      }),
    });
  });
  afterAll(async () => t?.close());

  it('keeps the rest of the budget for signed-in users once anonymous traffic has used its share', async () => {
    await outsideMinuteEnd();
    const anonymous = (remoteAddress: string, events: unknown[]) =>
      t.app.inject({ method: 'POST', url: '/api/analytics/collect', payload: { events }, remoteAddress });
    expect(body<AnalyticsCollectResult>(await anonymous('10.8.0.1', batch(5, 'a'))).data.accepted).toBe(5);
    // Another address gains nothing: the share is one for all anonymous traffic.
    expect((await anonymous('10.8.0.2', batch(3, 'b'))).statusCode).toBe(429);
    const staff = (await issueTokensFor(t, 'staff')).access_token.token;
    const signedIn = await collect(t, batch(5, 'c'), staff);
    expect(signedIn.statusCode).toBe(200);
    expect(body<AnalyticsCollectResult>(signedIn).data.accepted).toBe(5);
    // The whole budget is still the bound: signed-in users have used the rest.
    expect((await collect(t, batch(1, 'd'), staff)).statusCode).toBe(429);
  });
});

describe('the daily budget', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      config: withAnalytics({ ingest_rows_per_day: 4, address_rate_limit_per_minute: 1000, anonymous_budget_share: 1 }),
    });
  });
  afterAll(async () => t?.close());

  it('answers the batch as dropped (no retry would help today) and stores nothing', async () => {
    expect(body<AnalyticsCollectResult>(await collect(t, batch(4))).data.accepted).toBe(4);
    const over = await collect(t, batch(2));
    expect(over.statusCode).toBe(200);
    expect(body<AnalyticsCollectResult>(over).data).toEqual({ accepted: 0, duplicates: 0, dropped: 2 });
  });
});

describe('distinct event names per app and day', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp({
      config: withAnalytics({ max_event_names_per_app_day: 3, address_rate_limit_per_minute: 1000 }),
    });
    admin = (await issueTokensFor(t, 'admin')).access_token.token;
  });
  afterAll(async () => t?.close());

  it('admits new names up to the cap, keeps known ones, drops the events of the rest', async () => {
    const names = ['n1', 'n2', 'n3', 'n4', 'n5'];
    const first = await collect(
      t,
      names.map((n) => event(custom(n), { ts: Date.now() })),
    );
    expect(body<AnalyticsCollectResult>(first).data).toEqual({ accepted: 3, duplicates: 0, dropped: 2 });
    const again = await collect(t, [
      event(custom('n1'), { ts: Date.now() }),
      event(custom('n3'), { ts: Date.now() }),
      event(custom('n9'), { ts: Date.now() }),
      event(initEvent, { ts: Date.now() }),
    ]);
    expect(body<AnalyticsCollectResult>(again).data).toEqual({ accepted: 3, duplicates: 0, dropped: 1 });
    expect((await droppedBy(t, admin)).name_cap?.events).toBe(3);
  });
});

describe('with Redis: one budget for every replica', () => {
  const namespace = `test-${randomUUID()}:`;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const config = withAnalytics({
      ingest_rows_per_minute: 4,
      address_rate_limit_per_minute: 1000,
      anonymous_budget_share: 1,
    });
    [a, b] = await Promise.all([
      buildTestApp({ config, redisUrl: 'redis://127.0.0.1:6379', rateLimitNamespace: namespace }),
      buildTestApp({ config, redisUrl: 'redis://127.0.0.1:6379', rateLimitNamespace: namespace }),
    ]);
  });
  afterAll(async () => Promise.all([a?.close(), b?.close()]));

  it('refuses on the second replica what the first already used', async () => {
    expect((await collect(a, batch(3))).statusCode).toBe(200);
    expect((await collect(b, batch(2))).statusCode).toBe(429);
  });
});

import type { AnalyticsOverview } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, body, buildTestApp, issueTokensFor, type TestApp } from '../helper';
import { event, initEvent, openEvent, shanghaiDay, shanghaiTime } from './events';

/**
 * 日活 counts people, not browsers: two accounts used from ten browsers over a day (each browser
 * first anonymous on the sign-in page, then signed in), plus three visitors who never sign in,
 * make 2 active users and 3 anonymous visitors — not 13 or 20.
 */
let t: TestApp;
let admin: string;
const day = shanghaiDay(5);
const other = shanghaiDay(6);

async function collect(events: ReturnType<typeof event>[], token?: string) {
  const req = { method: 'POST' as const, url: '/api/analytics/collect', payload: { events } };
  const res = token ? await api(t, token, req) : await t.app.inject(req);
  expect(body(res).code).toBe(0);
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = (await issueTokensFor(t, 'admin')).access_token.token;
  const staff = (await issueTokensFor(t, 'staff')).access_token.token;
  for (let i = 0; i < 10; i++) {
    const browser = `browser-${i}`;
    const token = i % 2 === 0 ? staff : admin;
    // Before sign-in: the login page reports anonymously.
    await collect([event(initEvent, { anonymousId: browser, ts: shanghaiTime(day, 8, i) })]);
    // Signed in: the batch carries the token (and the page's claim of who it is, or none yet).
    await collect([event(openEvent('chatgpt'), { anonymousId: browser, ts: shanghaiTime(day, 9, i) })], token);
  }
  for (let i = 0; i < 3; i++) {
    await collect([event(initEvent, { anonymousId: `visitor-${i}`, ts: shanghaiTime(day, 10, i) })]);
  }
  // The next day: one signed-in person only.
  await collect([event(openEvent('chatgpt'), { anonymousId: 'browser-0', ts: shanghaiTime(other, 9) })], staff);
  const rolled = await api(t, admin, { method: 'POST', url: '/api/analytics/admin/rollup', payload: {} });
  expect(body(rolled).code).toBe(0);
});
afterAll(async () => t?.close());

describe('daily active users', () => {
  it('counts distinct signed-in people per day, and anonymous visitors apart', async () => {
    const res = await api(t, admin, {
      method: 'GET',
      url: '/api/analytics/admin/overview',
      query: { from: other, to: day },
    });
    const data = body<AnalyticsOverview>(res).data;
    expect(data.days).toEqual([
      { day: other, users: 1, anonymous: 0 },
      { day, users: 2, anonymous: 3 },
    ]);
    expect(data.peak_daily_users).toBe(2);
    expect(data.avg_daily_users).toBe(1.5);
    expect(data.peak_daily_anonymous).toBe(3);
  });
});

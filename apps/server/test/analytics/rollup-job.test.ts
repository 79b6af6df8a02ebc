import type { AnalyticsOverview } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, body, buildTestApp, issueTokensFor, type TestApp } from '../helper';
import { event, initEvent, shanghaiDay, shanghaiTime } from './events';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ config: (c) => ({ ...c, analytics: { ...c.analytics, rollup_interval_seconds: 1 } }) });
});
afterAll(async () => t?.close());

describe('analytics rollup job', () => {
  it('rolls up ingested days on its interval without being asked', async () => {
    const day = shanghaiDay(1);
    const events = [
      event(initEvent, { anonymousId: 'anon-job-1', ts: shanghaiTime(day, 9) }),
      event(initEvent, { anonymousId: 'anon-job-2', ts: shanghaiTime(day, 10) }),
    ];
    expect(body(await t.app.inject({ method: 'POST', url: '/api/analytics/collect', payload: { events } })).code).toBe(
      0,
    );
    const admin = (await issueTokensFor(t, 'admin')).access_token.token;
    await vi.waitFor(
      async () => {
        const res = await api(t, admin, {
          method: 'GET',
          url: '/api/analytics/admin/overview',
          query: { from: day, to: day },
        });
        const data = body<AnalyticsOverview>(res).data;
        expect(data.events).toBe(2);
        expect(data.days).toEqual([{ day, users: 0, anonymous: 2 }]);
      },
      { timeout: 15_000, interval: 250 },
    );
  });
});

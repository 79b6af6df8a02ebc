import { ErrorCode, ErrorMessage } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../helper';
import { event, initEvent } from './events';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({
    config: (c) => ({ ...c, analytics: { ...c.analytics, rate_limit_per_minute: 3 } }),
  });
});
afterAll(async () => t?.close());

const send = (anonymousId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/analytics/collect',
    payload: { events: [event(initEvent, { ts: Date.now(), anonymousId })] },
  });

describe('collect rate limit', () => {
  it('answers 429 with Retry-After once a client exceeds its batches per minute', async () => {
    for (let i = 0; i < 3; i++) expect((await send('anon-busy')).statusCode).toBe(200);
    const limited = await send('anon-busy');
    expect(limited.statusCode).toBe(429);
    expect(body(limited)).toEqual({ code: ErrorCode.rateLimited, message: ErrorMessage.rateLimited, data: null });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts each browser behind the same address on its own', async () => {
    expect((await send('anon-quiet')).statusCode).toBe(200);
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, body, buildTestApp, issueTokensFor, type TestApp } from '../helper';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const limit = { max: 3, timeWindow: 60_000 };

let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  const namespace = `portal-test-${randomUUID()}:`;
  [a, b] = await Promise.all([
    buildTestApp({ redisUrl, rateLimitNamespace: namespace, authRateLimit: limit }),
    buildTestApp({ redisUrl, rateLimitNamespace: namespace, authRateLimit: limit }),
  ]);
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
});

const authorize = (t: TestApp) => t.app.inject({ method: 'GET', url: '/api/user/authorize' });

describe('rate limits', () => {
  it('limits sign-in per IP across replicas sharing Redis: 429 4029 with Retry-After', async () => {
    expect(body(await authorize(a)).code).toBe(0);
    expect(body(await authorize(b)).code).toBe(0);
    expect(body(await authorize(a)).code).toBe(0);
    const fourth = await authorize(b);
    expect(fourth.statusCode).toBe(429);
    expect(body(fourth)).toEqual({ code: 4029, message: '请求过于频繁，请稍后再试', data: null });
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('does not limit ordinary API calls', async () => {
    const staff = (await issueTokensFor(a, 'staff')).access_token.token;
    for (let i = 0; i < 6; i++) expect(body(await api(a, staff, { method: 'GET', url: '/api/app/list' })).code).toBe(0);
  });
});

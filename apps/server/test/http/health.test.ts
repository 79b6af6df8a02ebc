import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../src/plugins/error-handler';
import { cuttableDatabase } from '../cuttable-database';
import { api, body, buildTestApp, issueTokensFor, type TestApp } from '../helper';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('/livez and /readyz', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ redisUrl });
  });
  afterAll(async () => t?.close());

  it('/livez answers 200 without sign-in, never cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/livez' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('/readyz answers 200 when the database and Redis answer, without sign-in, never cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', checks: { database: 'ok', redis: 'ok' } });
    expect(res.headers['cache-control']).toBe('no-store');
    // A load balancer's HEAD probe too.
    expect((await t.app.inject({ method: 'HEAD', url: '/readyz' })).statusCode).toBe(200);
  });

  it('is not rate limited like the sign-in routes', async () => {
    for (let i = 0; i < 30; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect([res.statusCode, res.json<{ status: string }>().status]).toEqual([200, 'ok']);
    }
  });
});

describe('/readyz with Redis unreachable', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 1.
    t = await buildTestApp({ redisUrl: 'redis://127.0.0.1:1' });
  });
  afterAll(async () => t?.close());

  it('answers 503 naming the failed check, while /livez stays 200', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', checks: { database: 'ok', redis: 'failed' } });
    expect((await t.app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);
  });
});

describe('a database that went away', () => {
  const database = cuttableDatabase();
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp(database.options);
    admin = (await issueTokensFor(t, 'admin')).access_token.token;
    // A request that reads the database, answered while it is there.
    expect((await api(t, admin, { method: 'GET', url: '/api/chatgpt/conversation/list' })).statusCode).toBe(200);
    await database.cut(t);
  });
  afterAll(async () => {
    // Closing the app closes the database again, which an engine closed already may refuse.
    await t?.close().catch(() => undefined);
  });

  it('/readyz answers 503 naming the database, /livez stays 200', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', checks: { database: 'failed' } });
    expect((await t.app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);
  });

  it('a route that reads the database answers 503 with Retry-After and the Chinese message', async () => {
    const res = await api(t, admin, { method: 'GET', url: '/api/chatgpt/conversation/list' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(body(res)).toEqual({ code: 5003, message: '数据库暂时不可用，请稍后重试', data: null });
  });
});

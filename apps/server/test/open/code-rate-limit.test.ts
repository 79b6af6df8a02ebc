import { randomUUID } from 'node:crypto';
import { ErrorCode, ErrorMessage } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalConfig } from '../../src/config/schema';
import { rows } from '../../src/lib/sql-rows';
import { api, body, buildTestApp, issueTokensFor, type TestApp } from '../helper';

/**
 * Every one-time code issued writes an audit row that nothing may delete before its retention
 * ends, so issuing is limited per signed-in user and per client address.
 */

const ROUTES = ['/api/user/getJumpCode?app_key=knowledge', '/api/studio/get_token_key?app_key=knowledge'];

let t: TestApp;
let staff: string;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp({
    config: (c) => ({ ...c, codes: { rate_limit_per_minute: 3, address_rate_limit_per_minute: 4 } }),
  });
  staff = (await issueTokensFor(t, 'staff')).access_token.token;
  admin = (await issueTokensFor(t, 'admin')).access_token.token;
});
afterAll(async () => t?.close());

async function issuedCodes(): Promise<number> {
  const [row] = await rows<{ n: number }>(
    t.app.db,
    sql`SELECT count(*)::int AS n FROM audit_logs WHERE action = 'code.issue'`,
  );
  return row?.n ?? 0;
}

describe.each(ROUTES)('%s', (url) => {
  const from = (token: string, remoteAddress: string) => api(t, token, { method: 'GET', url, remoteAddress });

  it('limits an address however many people sign in from it', async () => {
    for (const token of [staff, staff, admin, admin]) expect((await from(token, '10.7.0.1')).statusCode).toBe(200);
    // Within admin's own limit, but the fifth request from that address.
    const limited = await from(admin, '10.7.0.1');
    expect(limited.statusCode).toBe(429);
    expect(body(limited)).toEqual({ code: ErrorCode.rateLimited, message: ErrorMessage.rateLimited, data: null });
  });

  it('answers 429 after a user has used their limit, from any address, and writes no audit row for it', async () => {
    const before = await issuedCodes();
    expect((await from(staff, '10.7.0.2')).statusCode).toBe(200);
    const limited = await from(staff, '10.7.0.3');
    expect(limited.statusCode).toBe(429);
    expect(body(limited)).toEqual({ code: ErrorCode.rateLimited, message: ErrorMessage.rateLimited, data: null });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await issuedCodes()).toBe(before + 1);
  });
});

describe('with Redis', () => {
  const namespace = `test-${randomUUID()}:`;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const config = (c: PortalConfig): PortalConfig => ({
      ...c,
      codes: { rate_limit_per_minute: 2, address_rate_limit_per_minute: 100 },
    });
    [a, b] = await Promise.all([
      buildTestApp({ config, redisUrl: 'redis://127.0.0.1:6379', rateLimitNamespace: namespace }),
      buildTestApp({ config, redisUrl: 'redis://127.0.0.1:6379', rateLimitNamespace: namespace }),
    ]);
  });
  afterAll(async () => Promise.all([a?.close(), b?.close()]));

  it('counts a user across replicas', async () => {
    const url = ROUTES[0]!;
    // Real replicas share one database; these two have one each, seeded alike, so the staff
    // account has the same id, which is what the key holds.
    const onA = (await issueTokensFor(a, 'staff')).access_token.token;
    const onB = (await issueTokensFor(b, 'staff')).access_token.token;
    expect((await api(a, onA, { method: 'GET', url })).statusCode).toBe(200);
    expect((await api(b, onB, { method: 'GET', url })).statusCode).toBe(200);
    expect((await api(a, onA, { method: 'GET', url })).statusCode).toBe(429);
  });
});

import { ErrorCode, ErrorMessage } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, body, buildTestApp, issueTokensFor, type TestApp } from '../helper';

let t: TestApp;
let admin: string;
let staff: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = (await issueTokensFor(t, 'admin')).access_token.token;
  staff = (await issueTokensFor(t, 'staff')).access_token.token;
});
afterAll(async () => t?.close());

const range = { from: '2026-01-01', to: '2026-01-07' };
const endpoints = ['overview', 'app-opens', 'cycles', 'api', 'script-errors'];

describe('analytics admin API access', () => {
  it.each(endpoints)('%s: administrators 200, staff 403, signed-out 1002', async (name) => {
    const url = `/api/analytics/admin/${name}`;
    const ok = await api(t, admin, { method: 'GET', url, query: range });
    expect(ok.statusCode).toBe(200);
    expect(body(ok).code).toBe(0);

    const denied = await api(t, staff, { method: 'GET', url, query: range });
    expect(denied.statusCode).toBe(403);
    expect(body(denied)).toEqual({ code: ErrorCode.forbidden, message: ErrorMessage.forbiddenAdmin, data: null });

    const anonymous = await t.app.inject({ method: 'GET', url, query: range });
    expect(anonymous.statusCode).toBe(401);
    expect(body(anonymous).code).toBe(ErrorCode.notSignedIn);
  });

  it('guards the drill-down and the on-demand rollup the same way', async () => {
    const detail = { method: 'GET' as const, url: '/api/analytics/admin/app', query: { ...range, app_key: 'chatgpt' } };
    expect((await api(t, admin, detail)).statusCode).toBe(200);
    expect((await api(t, staff, detail)).statusCode).toBe(403);
    const rollup = { method: 'POST' as const, url: '/api/analytics/admin/rollup', payload: {} };
    expect(body(await api(t, admin, rollup)).code).toBe(0);
    expect((await api(t, staff, rollup)).statusCode).toBe(403);
    expect(body(await t.app.inject(rollup)).code).toBe(ErrorCode.notSignedIn);
  });

  it('validates the date range', async () => {
    const url = '/api/analytics/admin/overview';
    const cases: Array<[Record<string, string>, string]> = [
      [{ to: '2026-01-07' }, 'from'],
      [{ from: '2026/01/01', to: '2026-01-07' }, 'from'],
      [{ from: '2026-02-30', to: '2026-03-01' }, 'from'],
      [{ from: '2026-01-07', to: '2026-01-01' }, 'to'],
      [{ from: '2025-01-01', to: '2026-01-02' }, 'to'],
    ];
    for (const [query, field] of cases) {
      const res = await api(t, admin, { method: 'GET', url, query });
      expect(res.statusCode).toBe(400);
      expect(body(res).code).toBe(ErrorCode.validation);
      expect(body(res).message).toContain(`参数 ${field} 不合法`);
    }
    const longest = await api(t, admin, { method: 'GET', url, query: { from: '2025-01-01', to: '2026-01-01' } });
    expect(body(longest).code).toBe(0);
    const noApp = await api(t, admin, { method: 'GET', url: '/api/analytics/admin/app', query: range });
    expect(body(noApp).message).toContain('app_key');
  });
});

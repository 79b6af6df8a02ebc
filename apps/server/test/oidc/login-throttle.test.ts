import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { LoginThrottleConfig } from '../../src/oidc/config';
import { buildTestApp, demoPasswords, type BuildTestAppOptions, type TestApp } from '../helper';
import { openInteraction, postLogin, type Interaction } from './interaction';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const LOCKED = /登录尝试过多，请 (\d+) 分钟后再试/;

const apps: TestApp[] = [];
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
});

async function appWith(limits: Partial<LoginThrottleConfig>, opts: BuildTestAppOptions = {}): Promise<TestApp> {
  const t = await buildTestApp({
    ...opts,
    config: (c) => ({ ...c, login_throttle: { ...c.login_throttle, ...limits } }),
  });
  apps.push(t);
  return t;
}

const wrong = (i: Interaction, login: string) => postLogin(i, { login, password: `${login}-guess` });
const right = (i: Interaction, login: string) => postLogin(i, { login, password: demoPasswords[login] ?? '' });

async function expectLocked(res: Response, minutes: number) {
  expect(res.status).toBe(429);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(LOCKED.exec(await res.text())?.[1]).toBe(String(minutes));
}

async function auditRows(t: TestApp) {
  return (await t.app.services.audit.all({}, 500)).filter((r) => r.action.startsWith('login.'));
}

describe('password guessing on the built-in provider', () => {
  it('locks an account after its fifth wrong password and then refuses the right one too, audited', async () => {
    const t = await appWith({ account_failures: 5, address_failures: 20, lock_seconds: 120 });
    const form = await openInteraction(t);
    for (let i = 0; i < 4; i++) expect((await wrong(form, 'admin')).status).toBe(401);
    await expectLocked(await wrong(form, 'admin'), 2);
    await expectLocked(await wrong(form, 'admin'), 2);
    await expectLocked(await right(form, 'admin'), 2);
    // Another browser does not get around it either.
    await expectLocked(await right(await openInteraction(t), 'admin'), 2);

    const rows = await auditRows(t);
    expect(rows.filter((r) => r.action === 'login.failure')).toHaveLength(5);
    expect(rows.filter((r) => r.action === 'login.failure').every((r) => r.detail === 'account=admin')).toBe(true);
    const lockouts = rows.filter((r) => r.action === 'login.lockout');
    expect(lockouts).toHaveLength(1);
    expect(lockouts[0]).toMatchObject({ target: 'account:admin', ip: '127.0.0.1' });
    expect(lockouts[0]?.detail).toContain('locked for 120 s');
    expect(rows.filter((r) => r.action === 'login.throttled')).toHaveLength(3);
    expect(rows.some((r) => r.action === 'login.success')).toBe(false);
  });

  it('lets another account sign in from the same address until the address reaches its own limit', async () => {
    const t = await appWith({ account_failures: 5, address_failures: 8 });
    const form = await openInteraction(t);
    for (let i = 0; i < 5; i++) await wrong(form, 'admin');
    await expectLocked(await right(form, 'admin'), 1);
    // Five of the address's eight are used: staff still signs in.
    expect((await right(form, 'staff')).status).toBe(303);

    const next = await openInteraction(t);
    expect((await wrong(next, 'staff')).status).toBe(401);
    expect((await wrong(next, 'staff')).status).toBe(401);
    await expectLocked(await wrong(next, 'staff'), 1);
    await expectLocked(await right(next, 'staff'), 1);

    const lockouts = (await auditRows(t)).filter((r) => r.action === 'login.lockout');
    expect(lockouts.map((r) => r.target)).toEqual(['address:127.0.0.1', 'account:admin']);
  });

  it('shares the counts between two servers on one Redis', async () => {
    const shared = { redisUrl, rateLimitNamespace: `portal-test-${randomUUID()}:` };
    const limits = { account_failures: 5, address_failures: 20 };
    const [a, b] = await Promise.all([appWith(limits, shared), appWith(limits, shared)]);
    const onA = await openInteraction(a);
    const onB = await openInteraction(b);
    for (let i = 0; i < 3; i++) expect((await wrong(onA, 'admin')).status).toBe(401);
    expect((await wrong(onB, 'admin')).status).toBe(401);
    await expectLocked(await wrong(onB, 'admin'), 1);
    await expectLocked(await right(onA, 'admin'), 1);
    expect((await auditRows(b)).filter((r) => r.action === 'login.lockout')).toHaveLength(1);
    expect((await auditRows(a)).filter((r) => r.action === 'login.throttled')).toHaveLength(1);
  });

  it('limits how often one address may post the form at all', async () => {
    const t = await appWith({}, { authRateLimit: { max: 2, timeWindow: 60_000 } });
    const form = await openInteraction(t);
    expect((await wrong(form, 'staff')).status).toBe(401);
    expect((await wrong(form, 'staff')).status).toBe(401);
    const limited = await right(form, 'staff');
    expect(limited.status).toBe(429);
    expect(await limited.text()).toContain('请求过于频繁');
  });
});

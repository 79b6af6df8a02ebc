import { QUOTA_API_PATHS, type QuotaRuleView, type UsageStatus } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { departments, users } from '../../src/db/schema';
import { resolveQuota } from '../../src/services/quotas/resolve';
import { api, body, type TestApp } from '../helper';
import { ask, buildChatApp, tokenFor } from '../chat/helpers';

const rule = (
  subject_type: 'user' | 'group' | 'department' | 'everyone',
  subject: string,
  limit: number | null,
  period: 'day' | 'week' | 'month' = 'day',
) => ({ subject_type, subject, module: 'chatgpt', limit, period });

describe('resolveQuota', () => {
  const person = {
    login: 'staff',
    subject: 'wecom:u1',
    groups: ['市场部', '销售'],
    departments: ['wecom:1', 'wecom:2'],
  };
  const depth = (key: string) => (key === 'wecom:2' ? 1 : 0);

  it('prefers the person, then the nearest department, then groups, then everyone', () => {
    const all = [
      rule('everyone', '*', 1),
      rule('group', '市场部', 2),
      rule('department', 'wecom:1', 3),
      rule('department', 'wecom:2', 4),
      rule('user', 'wecom:u1', 5),
    ];
    expect(resolveQuota(person, 'chatgpt', all, depth)?.limit).toBe(5);
    expect(resolveQuota(person, 'chatgpt', all.slice(0, 4), depth)?.limit).toBe(4);
    expect(resolveQuota(person, 'chatgpt', all.slice(0, 3), depth)?.limit).toBe(3);
    expect(resolveQuota(person, 'chatgpt', all.slice(0, 2), depth)?.limit).toBe(2);
    expect(resolveQuota(person, 'chatgpt', all.slice(0, 1), depth)?.limit).toBe(1);
    expect(resolveQuota(person, 'chatgpt', [], depth)).toBeUndefined();
  });

  it('takes the nearer department over a larger limit on its parent', () => {
    const all = [rule('department', 'wecom:1', 100), rule('department', 'wecom:2', 1)];
    expect(resolveQuota(person, 'chatgpt', all, depth)?.subject).toBe('wecom:2');
  });

  it('ignores other modules and other people, and lets the most generous tie win', () => {
    const all = [
      { ...rule('user', 'staff', 0), module: 'deepseek' },
      rule('user', 'someone', 0),
      rule('group', '市场部', 2),
      rule('group', '销售', null),
      rule('group', '其他', 50),
    ];
    expect(resolveQuota(person, 'chatgpt', all, depth)?.limit).toBeNull();
    expect(
      resolveQuota(person, 'chatgpt', [rule('group', '市场部', 9, 'month'), rule('group', '销售', 9)])?.period,
    ).toBe('day');
  });
});

describe('quota rules API and enforcement', () => {
  let t: TestApp;
  let admin: string;
  let staff: string;

  beforeAll(async () => {
    t = await buildChatApp({ chat: { quotas: { chatgpt: 5 } } });
    admin = await tokenFor(t, 'admin');
    staff = await tokenFor(t, 'staff');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const setRule = (payload: Record<string, unknown>, token = admin) =>
    api(t, token, { method: 'POST', url: QUOTA_API_PATHS.set, payload });
  const usage = async (token = staff) =>
    body<UsageStatus>(await api(t, token, { method: 'GET', url: '/api/chatgpt/promptQueue/list' })).data;

  it('answers 403 to a non-admin on every quota API', async () => {
    for (const [method, url] of [
      ['GET', QUOTA_API_PATHS.list],
      ['POST', QUOTA_API_PATHS.set],
      ['POST', QUOTA_API_PATHS.delete],
    ] as const) {
      const res = await api(t, staff, {
        method,
        url,
        payload: method === 'POST' ? rule('everyone', '*', 1) : undefined,
      });
      expect(res.statusCode).toBe(403);
      expect(body(res)).toEqual({ code: 4003, message: '仅管理员可以执行此操作', data: null });
    }
  });

  it('refuses an unknown module or a missing subject with a Chinese message', async () => {
    const unknown = await setRule({ ...rule('everyone', '*', 1), module: 'nope' });
    expect(unknown.statusCode).toBe(400);
    expect(body(unknown)).toMatchObject({ code: 4001, message: expect.stringContaining('未知的模块') });
    const noSubject = await setRule(rule('user', '', 1));
    expect(body(noSubject)).toMatchObject({ code: 4001, message: expect.stringContaining('请填写对象') });
  });

  it('resolves the usage status from the most specific rule, the configured quota without one', async () => {
    expect(await usage()).toMatchObject({ total_cnt: 5, rest_usage_cnt: 5 });

    await setRule(rule('everyone', '*', 3));
    expect((await usage()).total_cnt).toBe(3);
    await setRule(rule('group', '市场部', 2));
    expect((await usage()).total_cnt).toBe(2);

    // staff in 市场部 / 华东组, synced from WeCom: the department rules beat the group rule, the nearer one first.
    await t.app.db.insert(departments).values([
      { key: 'wecom:1', provider: 'wecom', externalId: '1', name: '市场部', parentKey: '' },
      { key: 'wecom:2', provider: 'wecom', externalId: '2', name: '华东组', parentKey: 'wecom:1' },
    ]);
    await t.app.db
      .update(users)
      .set({ departments: ['wecom:1', 'wecom:2'] })
      .where(eq(users.login, 'staff'));
    await setRule(rule('department', 'wecom:1', 4));
    expect((await usage()).total_cnt).toBe(4);
    await setRule(rule('department', 'wecom:2', 6, 'month'));
    const monthly = await usage();
    expect(monthly.total_cnt).toBe(6);
    expect(monthly.rest_recovery_duration).toBeGreaterThan(0);
    expect(monthly.rest_recovery_duration).toBeLessThanOrEqual(31 * 86_400);

    await setRule(rule('user', 'staff', null));
    expect(await usage()).toMatchObject({ unlimited: true, rest_recovery_duration: 0 });
    // The admin is in none of these: the everyone rule.
    expect((await usage(admin)).total_cnt).toBe(3);
  });

  it('enforces the applied quota in ask with 429 4030 before the model is called', async () => {
    await setRule(rule('user', 'staff', 1));
    const question = { prompt: '你好', model_type: 100, temperature: 1 };
    const first = await ask(t, staff, 'chatgpt', question);
    expect(first.status).toBe(200);
    const refused = await ask(t, staff, 'chatgpt', question);
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({ code: 4030, message: '本模块使用次数已用完，请稍后再试', data: null });
    expect(await usage()).toMatchObject({ total_cnt: 1, rest_usage_cnt: 0 });

    // Raising the rule applies to the very next ask.
    await setRule(rule('user', 'staff', 2));
    expect((await ask(t, staff, 'chatgpt', question)).status).toBe(200);
  });

  it('lists rules with the configured defaults and records changes with before and after', async () => {
    const listed = body<{ list: QuotaRuleView[]; defaults: Record<string, number | null> }>(
      await api(t, admin, { method: 'GET', url: QUOTA_API_PATHS.list }),
    ).data;
    // Every counting module's configured quota, session tools and reports included (not only chat's).
    expect(listed.defaults).toMatchObject({
      chatgpt: 5,
      deepseek: 9999,
      brainstorm: t.config.sessions.quotas.brainstorm,
      report: t.config.report.quota,
    });
    const mine = listed.list.find((r) => r.subject_type === 'user' && r.subject === 'staff');
    expect(mine).toMatchObject({ module: 'chatgpt', limit: 2, period: 'day' });

    const deleted = await api(t, admin, { method: 'POST', url: QUOTA_API_PATHS.delete, payload: { id: mine!.id } });
    expect(body(deleted).code).toBe(0);
    const again = await api(t, admin, { method: 'POST', url: QUOTA_API_PATHS.delete, payload: { id: mine!.id } });
    expect(again.statusCode).toBe(404);

    const audit = body<{ list: Array<{ action: string; target: string; before: unknown; after: unknown }> }>(
      await api(t, admin, { method: 'GET', url: '/api/admin/audit', query: { page_size: '200' } }),
    ).data.list;
    const changed = audit.find((e) => e.action === 'admin.quota.set' && e.target === 'quota:user:staff:chatgpt');
    expect(changed).toMatchObject({ before: { limit: 1 }, after: { limit: 2, period: 'day' } });
    const removed = audit.find((e) => e.action === 'admin.quota.delete');
    expect(removed).toMatchObject({ target: 'quota:user:staff:chatgpt', before: { limit: 2 }, after: null });
    // Back to the department rule.
    expect((await usage()).total_cnt).toBe(6);
  });
});

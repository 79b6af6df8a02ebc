import {
  ErrorCode,
  ErrorMessage,
  PERSON_USAGE_API_PATH,
  PERSON_USAGE_DAYS,
  QUOTA_API_PATHS,
  type PersonUsage,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatUsage, departments, users } from '../../src/db/schema';
import { api, body, type TestApp } from '../helper';
import { ask, buildChatApp, tokenFor } from '../chat/helpers';

describe('a person’s usage in the admin console', () => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  let staffId: number;

  beforeAll(async () => {
    t = await buildChatApp({ chat: { quotas: { chatgpt: 5, deepseek: 7 } } });
    admin = await tokenFor(t, 'admin');
    staff = await tokenFor(t, 'staff');
    const [row] = await t.app.db.select().from(users).where(eq(users.login, 'staff'));
    staffId = row!.id;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const usageOf = async (userId: number, token = admin) =>
    api(t, token, { method: 'GET', url: `${PERSON_USAGE_API_PATH}?user_id=${userId}` });
  const usage = async () => body<PersonUsage>(await usageOf(staffId)).data;
  const moduleOf = (u: PersonUsage, module: string) => u.modules.find((m) => m.module === module)!;
  const setRule = (subject_type: string, subject: string, limit: number | null, period = 'day') =>
    api(t, admin, {
      method: 'POST',
      url: QUOTA_API_PATHS.set,
      payload: { subject_type, subject, module: 'chatgpt', limit, period },
    });

  it('answers 403 to staff and 404 to an unknown person', async () => {
    const refused = await usageOf(staffId, staff);
    expect(refused.statusCode).toBe(403);
    expect(body(refused)).toMatchObject({ code: 4003, data: null });
    const missing = await usageOf(987_654);
    expect(missing.statusCode).toBe(404);
    // The same answer as the console's other user lookups (ErrorCode.notFound).
    expect(body(missing)).toMatchObject({ code: ErrorCode.notFound, message: ErrorMessage.notFound, data: null });
    expect((await usageOf(0)).statusCode).toBe(400);
  });

  it('counts asks in the window and the last days, with the configured quota without a rule', async () => {
    const before = await usage();
    expect(before.modules.map((m) => m.module)).toEqual(
      expect.arrayContaining(['chatgpt', 'deepseek', 'metaso', 'marketing']),
    );
    expect(moduleOf(before, 'chatgpt')).toMatchObject({ used: 0, limit: 5, source: 'config', rule: null });
    expect(moduleOf(before, 'deepseek')).toMatchObject({ used: 0, limit: 7, source: 'config' });
    expect(before.days).toHaveLength(PERSON_USAGE_DAYS);

    const question = { prompt: '你好', model_type: 100, temperature: 1 };
    expect((await ask(t, staff, 'chatgpt', question)).status).toBe(200);
    expect((await ask(t, staff, 'chatgpt', question)).status).toBe(200);
    await t.app.db.insert(chatUsage).values([
      { userId: staffId, module: 'marketing', convId: 'c1', messageId: 'm1' },
      // Ten days ago: in the daily counts, not in today's window.
      {
        userId: staffId,
        module: 'deepseek',
        convId: 'c2',
        messageId: 'm2',
        createdAt: new Date(Date.now() - 10 * 86_400_000),
      },
    ]);

    const after = await usage();
    const chatgpt = moduleOf(after, 'chatgpt');
    expect(chatgpt).toMatchObject({ used: 2, limit: 5, source: 'config' });
    expect(Date.parse(chatgpt.resets_at)).toBeGreaterThan(Date.now());
    expect(Date.parse(chatgpt.window_start)).toBeLessThanOrEqual(Date.now());
    expect(moduleOf(after, 'marketing')).toMatchObject({ used: 1, source: 'config' });
    expect(moduleOf(after, 'deepseek').used).toBe(0);
    expect(after.days.at(-1)!.counts).toMatchObject({ chatgpt: 2, marketing: 1 });
    expect(after.days.at(-11)!.counts).toEqual({ deepseek: 1 });
    expect(after.days.reduce((n, d) => n + (d.counts.chatgpt ?? 0), 0)).toBe(2);
  });

  it('names the rule the resolver chose: a department rule, then a personal one', async () => {
    await t.app.db.insert(departments).values([
      { key: 'wecom:1', provider: 'wecom', externalId: '1', name: '市场部', parentKey: '' },
      { key: 'wecom:2', provider: 'wecom', externalId: '2', name: '华东组', parentKey: 'wecom:1' },
    ]);
    await t.app.db
      .update(users)
      .set({ departments: ['wecom:1', 'wecom:2'] })
      .where(eq(users.id, staffId));
    await setRule('everyone', '*', 3);
    await setRule('department', 'wecom:1', 4);
    await setRule('department', 'wecom:2', 6, 'week');

    const byDepartment = moduleOf(await usage(), 'chatgpt');
    const chosen = await t.app.services.quotas.appliedTo(staffId, 'chatgpt');
    expect(chosen?.rule.subject).toBe('wecom:2');
    expect(byDepartment).toMatchObject({ used: 2, limit: 6, source: 'rule', period: 'week' });
    expect(byDepartment.rule).toEqual(chosen?.rule);
    // The weekly window ends within a week.
    expect(Date.parse(byDepartment.resets_at) - Date.now()).toBeLessThanOrEqual(7 * 86_400_000);

    await setRule('user', 'staff', null);
    const personal = moduleOf(await usage(), 'chatgpt');
    expect(personal).toMatchObject({ limit: null, source: 'rule', period: 'day' });
    expect(personal.rule).toMatchObject({ subject_type: 'user', subject: 'staff' });
    expect(personal.rule).toEqual((await t.app.services.quotas.appliedTo(staffId, 'chatgpt'))?.rule);
    // Rules on chatgpt leave the other modules on their configured quota.
    expect(moduleOf(await usage(), 'deepseek')).toMatchObject({ limit: 7, source: 'config' });
  });
});

import { QUOTA_API_PATHS, type SessionAsyncAskResponse } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolSessionMessages } from '../../src/db/schema';
import { api, body, type TestApp } from '../helper';
import { buildSessionsApp, post, tokenFor } from './helpers';

describe('session tools: asks counted against each tool’s quota', () => {
  let t: TestApp;
  let staff: string;
  let admin: string;

  beforeAll(async () => {
    t = await buildSessionsApp({
      config: (c) => ({ ...c, sessions: { ...c.sessions, quotas: { ...c.sessions.quotas, pdf: 1 } } }),
    });
    staff = await tokenFor(t, 'staff');
    admin = await tokenFor(t, 'admin');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const ask = (prompt: string) => post<SessionAsyncAskResponse>(t, staff, '/api/pdf/prompt/asyncAsk', { prompt });

  it('refuses an ask beyond the configured quota before anything is stored, per tool', async () => {
    expect((await ask('第一个问题')).code).toBe(0);
    const refused = await ask('第二个问题');
    expect(refused).toMatchObject({ code: 4030, message: '本模块使用次数已用完，请稍后再试' });
    const questions = (await t.app.db.select().from(toolSessionMessages)).filter((m) => m.role === 'user');
    expect(questions.map((m) => m.content)).toEqual(['第一个问题']);
    // Another tool has its own count.
    expect((await post(t, staff, '/api/brainstorm/prompt/asyncAsk', { prompt: '随便聊聊' })).code).toBe(0);
  });

  it('follows a quota rule of the console over the configured quota', async () => {
    const set = await api(t, admin, {
      method: 'POST',
      url: QUOTA_API_PATHS.set,
      payload: { subject_type: 'user', subject: 'staff', module: 'pdf', limit: 2, period: 'day' },
    });
    expect(body(set).code).toBe(0);
    expect((await ask('第三个问题')).code).toBe(0);
    expect((await ask('第四个问题')).code).toBe(4030);
  });
});

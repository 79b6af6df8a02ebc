import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api, body, type TestApp } from '../helper';
import { startFakeUpstream, type FakeUpstream } from '../llm/fake-upstream';
import { ask, buildChatApp, chatgptAsk, tokenFor } from './helpers';

let fake: FakeUpstream;
let t: TestApp;
let admin: string;
let staff: string;

beforeAll(async () => {
  fake = await startFakeUpstream();
  t = await buildChatApp({ fake, chat: { quotas: { deepseek: 2, metaso: 1 } } });
  admin = await tokenFor(t, 'admin');
  staff = await tokenFor(t, 'staff');
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => fake.reset());

interface Conv {
  conv_id: string;
  title: string;
  type: number;
  model_type: number;
  last_prompt_temperature: number;
  lang?: number;
  enableMix?: boolean;
}

const post = (token: string, url: string, payload: Record<string, unknown>) =>
  api(t, token, { method: 'POST', url, payload });
const get = (token: string, url: string, query: Record<string, string> = {}) =>
  api(t, token, { method: 'GET', url, query });

describe('conversations', () => {
  it('creates, lists newest first, renames and deletes', async () => {
    const a = body<Conv>(
      await post(admin, '/api/chatgpt/conversation/create', { title: '周报', model_type: 120, temperature: 0.7 }),
    ).data;
    expect(a).toMatchObject({ title: '周报', type: 2, model_type: 120, last_prompt_temperature: 0.7 });
    const b = body<Conv>(await post(admin, '/api/chatgpt/conversation/create', {})).data;
    expect(b).toMatchObject({ title: '新对话', model_type: 100, last_prompt_temperature: 1 });

    const list = body<{ conv_list: Conv[] }>(await get(admin, '/api/chatgpt/conversation/list')).data.conv_list;
    expect(list.map((c) => c.conv_id).slice(0, 2)).toEqual([b.conv_id, a.conv_id]);
    const only120 = body<{ conv_list: Conv[] }>(
      await get(admin, '/api/chatgpt/conversation/list', { model_type: '120' }),
    ).data.conv_list;
    expect(only120.map((c) => c.conv_id)).toEqual([a.conv_id]);

    const renamed = await post(admin, '/api/chatgpt/conversation/update', {
      conv_id: a.conv_id,
      title: '月报',
      type: 2,
    });
    expect(body<Conv>(renamed).data.title).toBe('月报');
    const wrongType = await post(admin, '/api/chatgpt/conversation/update', {
      conv_id: a.conv_id,
      title: 'x',
      type: 10,
    });
    expect(wrongType.statusCode).toBe(400);

    expect(body(await post(admin, '/api/chatgpt/conversation/delete', { conv_id: a.conv_id, type: 2 })).code).toBe(0);
    const again = await post(admin, '/api/chatgpt/conversation/delete', { conv_id: a.conv_id, type: 2 });
    expect(again.statusCode).toBe(404);
    expect(body(again)).toEqual({ code: 4000, message: '该内容不存在或已被删除', data: null });
  });

  it('keeps metaso settings and gives a created-without-title conversation the first question as title', async () => {
    const conv = body<Conv>(
      await post(admin, '/api/metaso/conversation/create', { model_type: 0, lang: 1, enableMix: false }),
    ).data;
    expect(conv).toMatchObject({ type: 11, model_type: 0, lang: 1, enableMix: false });
    fake.next({ tokens: ['答'] });
    const res = await ask(t, admin, 'metaso', {
      conv_id: conv.conv_id,
      prompt: '\n 上海今天的天气\n怎么样？ ',
      model_type: 0,
      temperature: 1,
      lang: 1,
      enableMix: false,
    });
    expect(res.events.at(-1)!.data.title).toBe('上海今天的天气 怎么样？');
    const list = body<{ conv_list: Conv[] }>(await get(admin, '/api/metaso/conversation/list')).data.conv_list;
    expect(list[0]).toMatchObject({
      conv_id: conv.conv_id,
      title: '上海今天的天气 怎么样？',
      lang: 1,
      enableMix: false,
    });
  });

  it('deletes the messages with the conversation', async () => {
    fake.next({ tokens: ['bye'] });
    const res = await ask(t, admin, 'chatgpt', chatgptAsk('to be deleted'));
    const finish = res.events.at(-1)!.data;
    await post(admin, '/api/chatgpt/conversation/delete', { conv_id: String(finish.conv_id), type: 2 });
    const completion = await get(admin, '/api/chatgpt/message/completion', { message_id: String(finish.message_id) });
    expect(body(completion).code).toBe(4000);
    expect(body(await get(admin, '/api/chatgpt/message/list', { conv_id: String(finish.conv_id) })).code).toBe(4000);
  });

  it('pages messages: page 1 is the newest, each page oldest first', async () => {
    let convId: string | undefined;
    for (let i = 1; i <= 4; i++) {
      fake.next({ tokens: [`A${i}`] });
      const res = await ask(t, admin, 'chatgpt', chatgptAsk(`Q${i}`, convId ? { conv_id: convId } : {}));
      convId = String(res.events.at(-1)!.data.conv_id);
    }
    const page = async (n: number) =>
      body<{ list: { content: string }[]; total: number; has_more: boolean }>(
        await get(admin, '/api/chatgpt/message/list', { conv_id: convId!, page: String(n), page_size: '3' }),
      ).data;
    const p1 = await page(1);
    expect(p1.list.map((m) => m.content)).toEqual(['A3', 'Q4', 'A4']);
    expect(p1).toMatchObject({ total: 8, has_more: true });
    expect((await page(2)).list.map((m) => m.content)).toEqual(['Q2', 'A2', 'Q3']);
    const p3 = await page(3);
    expect(p3.list.map((m) => m.content)).toEqual(['Q1', 'A1']);
    expect(p3.has_more).toBe(false);
    const all = body<{ list: unknown[] }>(await get(admin, '/api/chatgpt/message/list', { conv_id: convId! })).data;
    expect(all.list).toHaveLength(8);
    const tooBig = await get(admin, '/api/chatgpt/message/list', { conv_id: convId!, page_size: '201' });
    expect(body(tooBig).code).toBe(4001);
  });
});

describe('ownership', () => {
  it('answers another user’s ids exactly as if they did not exist', async () => {
    fake.next({ tokens: ['secret answer'] });
    const res = await ask(t, admin, 'chatgpt', chatgptAsk('admin only'));
    const { conv_id, message_id } = res.events.at(-1)!.data as { conv_id: string; message_id: string };
    const gone = { code: 4000, message: '该内容不存在或已被删除', data: null };

    const attempts = [
      get(staff, '/api/chatgpt/message/list', { conv_id }),
      get(staff, '/api/chatgpt/message/completion', { message_id }),
      post(staff, '/api/chatgpt/conversation/update', { conv_id, title: 'mine', type: 2 }),
      post(staff, '/api/chatgpt/conversation/delete', { conv_id, type: 2 }),
      post(staff, '/api/chatgpt/message/askStream', chatgptAsk('hijack', { conv_id })),
      post(staff, '/api/chatgpt/message/askStream', chatgptAsk('regenerate', { conv_id, regenerate: true })),
      post(staff, '/api/feedback/like', { message_id, type: 2 }),
      post(staff, '/api/feedback/copy', { message_id, type: 2 }),
      get(admin, '/api/metaso/message/list', { conv_id }),
      get(admin, '/api/metaso/message/completion', { message_id }),
    ];
    for (const attempt of attempts) {
      const r = await attempt;
      expect(r.statusCode).toBe(404);
      expect(body(r)).toEqual(gone);
    }
    expect(fake.chatRequests).toHaveLength(1);
    const own = body<{ list: { content: string }[] }>(await get(admin, '/api/chatgpt/message/list', { conv_id })).data
      .list;
    expect(own.map((m) => m.content)).toEqual(['admin only', 'secret answer']);
  });

  it('refuses staff on deepseek (no right) with 403 before anything else', async () => {
    for (const r of [
      await get(staff, '/api/deepseek/conversation/list'),
      await post(staff, '/api/deepseek/message/askStream', { prompt: 'x', model_type: 0, temperature: 0.95 }),
      await get(staff, '/api/deepseek/promptQueue/list'),
    ]) {
      expect(r.statusCode).toBe(403);
      expect(body(r).code).toBe(4003);
    }
    expect(fake.chatRequests).toHaveLength(0);
  });
});

describe('feedback', () => {
  it('likes, unlikes, dislikes (exclusive) and counts copies', async () => {
    fake.next({ tokens: ['rate me'] });
    const res = await ask(t, admin, 'chatgpt', chatgptAsk('feedback'));
    const { conv_id, message_id } = res.events.at(-1)!.data as { conv_id: string; message_id: string };
    const act = async (action: string) =>
      body(await post(admin, `/api/feedback/${action}`, { message_id, type: 2 })).data;

    expect(await act('like')).toEqual({ message_id, feedback: 'like', copy_count: 0 });
    expect(await act('dislike')).toEqual({ message_id, feedback: 'dislike', copy_count: 0 });
    expect(await act('unlike')).toEqual({ message_id, feedback: 'dislike', copy_count: 0 });
    expect(await act('undislike')).toEqual({ message_id, feedback: null, copy_count: 0 });
    await act('copy');
    expect(await act('copy')).toEqual({ message_id, feedback: null, copy_count: 2 });
    expect(await act('like')).toEqual({ message_id, feedback: 'like', copy_count: 2 });
    expect(await act('unlike')).toEqual({ message_id, feedback: null, copy_count: 2 });
    await act('dislike');

    const list = body<{ list: { message_id: string; feedback: string | null }[] }>(
      await get(admin, '/api/chatgpt/message/list', { conv_id }),
    ).data.list;
    expect(list.find((m) => m.message_id === message_id)?.feedback).toBe('dislike');
    const wrongModule = await post(admin, '/api/feedback/like', { message_id, type: 10 });
    expect(body(wrongModule).code).toBe(4000);
    const missing = await post(admin, '/api/feedback/like', { message_id: 'nope', type: 2 });
    expect(body(missing).code).toBe(4000);
    expect((await post(admin, '/api/feedback/like', {})).statusCode).toBe(400);
  });
});

describe('usage and models', () => {
  it('counts asks and refuses with 429 4030 once the quota is used, without calling the provider', async () => {
    const status = async () =>
      body<{ total_cnt: number; rest_usage_cnt: number; rest_recovery_duration: number; list: { conv_id: string }[] }>(
        await get(admin, '/api/deepseek/promptQueue/list'),
      ).data;
    const before = await status();
    expect(before).toMatchObject({ total_cnt: 2, rest_usage_cnt: 2, list: [] });
    expect(before.rest_recovery_duration).toBeGreaterThan(0);
    expect(before.rest_recovery_duration).toBeLessThanOrEqual(86_400);

    const deepseek = { prompt: '问', model_type: 1, temperature: 0.95 };
    await ask(t, admin, 'deepseek', deepseek);
    fake.next({ status: 500 });
    await ask(t, admin, 'deepseek', deepseek);
    const after = await status();
    expect(after.rest_usage_cnt).toBe(0);
    expect(after.list).toHaveLength(2);
    expect(fake.chatRequests).toHaveLength(2);

    const refused = await ask(t, admin, 'deepseek', deepseek);
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({ code: 4030, message: '本模块使用次数已用完，请稍后再试', data: null });
    expect(fake.chatRequests).toHaveLength(2);

    const chatgpt = body<{ total_cnt: number }>(await get(admin, '/api/chatgpt/promptQueue/list')).data;
    expect(chatgpt.total_cnt).toBe(9999);
  });

  it('lets only one of several simultaneous asks take the last use', async () => {
    const metaso = { prompt: '同时提问', model_type: 0, temperature: 1 };
    const results = await Promise.all([1, 2, 3].map(() => ask(t, staff, 'metaso', metaso)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 429, 429]);
    const usage = body<{ rest_usage_cnt: number; list: unknown[] }>(await get(staff, '/api/metaso/promptQueue/list'));
    expect(usage.data).toMatchObject({ rest_usage_cnt: 0, list: [expect.anything()] });
    const conversations = body<{ conv_list: unknown[] }>(await get(staff, '/api/metaso/conversation/list'));
    expect(conversations.data.conv_list).toHaveLength(1);
  });

  it('lists the configured models', async () => {
    const res = body<{ list: unknown[] }>(await get(admin, '/api/chatgpt/models')).data;
    expect(res.list).toEqual([
      { id: 0, label: 'GPT-3.5', demo: false },
      { id: 100, label: 'GPT-4.0', demo: false },
      { id: 120, label: 'GPT-4o', demo: false },
      { id: 200, label: 'ERNIE 4.0', demo: false },
      { id: 300, label: 'GLM-4', demo: false },
    ]);
  });
});

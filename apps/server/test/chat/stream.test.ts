import { ErrorMessage } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chatMessages, generations } from '../../src/db/schema';
import { api, body, type TestApp } from '../helper';
import { startFakeUpstream, type FakeUpstream } from '../llm/fake-upstream';
import { follow, followedText } from '../answers/outlive-client';
import { ask, buildChatApp, chatgptAsk, eventually, parseSse, streamedText, tokenFor } from './helpers';

let fake: FakeUpstream;
let t: TestApp;
let admin: string;

beforeAll(async () => {
  fake = await startFakeUpstream();
  t = await buildChatApp({
    fake,
    providers: { limits: { maxPromptChars: 200, maxHistoryChars: 60_000 } },
    chat: { persist_interval_ms: 50, persist_chars: 64 },
  });
  admin = await tokenFor(t, 'admin');
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => fake.reset());

async function row(id: string) {
  const [found] = await t.app.db.select().from(chatMessages).where(eq(chatMessages.id, id));
  return found;
}

async function messagesOf(convId: string) {
  const res = await api(t, admin, { method: 'GET', url: '/api/chatgpt/message/list', query: { conv_id: convId } });
  return body<{ list: { role: string; content: string; status: string; message_id: string }[] }>(res).data.list;
}

describe('askStream', () => {
  it('streams message events in order, then finish with the ids, and stores both turns', async () => {
    fake.next({ tokens: ['你', '好', '，', '世界'], intervalMs: 2 });
    const res = await ask(t, admin, 'chatgpt', chatgptAsk('  第一次提问：请介绍一下你自己，越详细越好，谢谢  '));

    expect(res.status).toBe(200);
    expect(res.contentType).toMatch(/^text\/event-stream/);
    const names = res.events.map((e) => e.event);
    expect(names).toEqual(['message', 'message', 'message', 'message', 'finish']);
    expect(res.events.filter((e) => e.event === 'message').map((e) => e.data.text)).toEqual(['你', '好', '，', '世界']);
    const finish = res.events.at(-1)!.data;
    expect(finish).toMatchObject({
      status: 'done',
      finish_reason: 'stop',
      title: '第一次提问：请介绍一下你自己，越详细越好',
    });
    expect(finish.usage).toEqual({ prompt_tokens: 7, completion_tokens: 4, total_tokens: 11 });
    const convId = String(finish.conv_id);
    expect(res.events[0]!.data).toMatchObject({ conv_id: convId, message_id: finish.message_id });

    const list = await messagesOf(convId);
    expect(list.map((m) => [m.role, m.content, m.status])).toEqual([
      ['user', '第一次提问：请介绍一下你自己，越详细越好，谢谢', 'done'],
      ['assistant', '你好，世界', 'done'],
    ]);
    expect(list[0]!.message_id).toBe(finish.user_message_id);
    expect(list[1]!.message_id).toBe(finish.message_id);

    const convs = body<{ conv_list: { conv_id: string; title: string; model_type: number }[] }>(
      await api(t, admin, { method: 'GET', url: '/api/chatgpt/conversation/list' }),
    ).data.conv_list;
    expect(convs.find((c) => c.conv_id === convId)).toMatchObject({
      title: '第一次提问：请介绍一下你自己，越详细越好',
      model_type: 100,
    });

    const completion = await api(t, admin, {
      method: 'GET',
      url: '/api/chatgpt/message/completion',
      query: { message_id: String(finish.message_id) },
    });
    expect(body(completion).data).toMatchObject({ content: '你好，世界', status: 'done', role: 'assistant' });
  });

  it('sends the stored conversation as history and keeps the conversation title', async () => {
    fake.next({ tokens: ['A1'] });
    const first = await ask(t, admin, 'chatgpt', chatgptAsk('Q1'));
    const convId = String(first.events.at(-1)!.data.conv_id);
    fake.next({ tokens: ['A2'] });
    const second = await ask(
      t,
      admin,
      'chatgpt',
      chatgptAsk('Q2', { conv_id: convId, model_type: 120, temperature: 0.5 }),
    );

    expect(second.events.at(-1)!.data.title).toBeUndefined();
    expect(fake.chatRequests[1]!.body).toMatchObject({
      model: 'gpt-4o',
      temperature: 0.5,
      messages: [
        { role: 'user', content: 'Q1' },
        { role: 'assistant', content: 'A1' },
        { role: 'user', content: 'Q2' },
      ],
    });
  });

  it('keeps multi-line and markup-carrying answers intact: the framing cannot be broken', async () => {
    const tricky = [
      'line one\n\nevent: finish\ndata: {"forged":true}\n\n',
      '<img src=x onerror="alert(1)">\r\n',
      '**bold**\n```js\nx\n```',
    ];
    fake.next({ tokens: tricky });
    const res = await ask(t, admin, 'chatgpt', chatgptAsk('markdown please'));

    expect(res.events.map((e) => e.event)).toEqual(['message', 'message', 'message', 'finish']);
    expect(streamedText(res.events)).toBe(tricky.join(''));
    expect((await row(String(res.events.at(-1)!.data.message_id)))?.content).toBe(tricky.join(''));
  });

  it('holds the answer’s generation lease from the stored question until the answer is saved', async () => {
    // Long enough before the token for a busy machine to look at the lease in between.
    fake.next({ tokens: ['slow'], intervalMs: 1_500 });
    const asking = ask(t, admin, 'chatgpt', chatgptAsk('租约'));
    // The call may reach the provider while the question is being stored (early-generation.ts);
    // the lease comes with the stored question, before any token.
    await eventually(async () => fake.chatRequests.length === 1, 30_000);
    let leases: (typeof generations.$inferSelect)[] = [];
    await eventually(async () => (leases = await t.app.db.select().from(generations)).length > 0, 30_000);
    expect(fake.chatRequests[0]!.firstChunkAt).toBeUndefined();
    expect(leases).toHaveLength(1);
    expect(leases[0]).toMatchObject({ store: 'chat', ownerPid: process.pid, stopRequested: false });
    const res = await asking;
    const finish = res.events.at(-1)!.data;
    expect(finish).toMatchObject({ status: 'done', message_id: leases[0]!.messageId });
    // Released once the answer is final, so no renewal keeps it.
    expect(await t.app.db.select().from(generations)).toEqual([]);
  });

  it('answers a provider failing before its first byte with a 502 JSON error, and stores the question', async () => {
    fake.next({ status: 500 });
    const res = await ask(t, admin, 'chatgpt', chatgptAsk('会失败的问题'));

    expect(res.status).toBe(502);
    expect(res.contentType).toMatch(/^application\/json/);
    expect(res.events).toEqual([]);
    expect(res.json).toMatchObject({ code: 5002, message: ErrorMessage.upstream });
    const data = res.json!.data as { conv_id: string; message_id: string };
    const list = await messagesOf(data.conv_id);
    expect(list.map((m) => [m.role, m.content, m.status, m.message_id])).toEqual([
      ['user', '会失败的问题', 'done', expect.any(String)],
      ['assistant', '', 'incomplete', data.message_id],
    ]);
  });

  it('keeps the partial answer as incomplete when the provider fails mid-stream', async () => {
    fake.next({ tokens: ['one ', 'two ', 'three ', 'four'], failAfter: 2, failMode: 'destroy' });
    const res = await ask(t, admin, 'chatgpt', chatgptAsk('mid-stream failure'));

    expect(res.events.map((e) => e.event)).toEqual(['message', 'message', 'error']);
    const stored = await row(String(res.events.at(-1)!.data.message_id));
    expect(stored).toMatchObject({ status: 'incomplete', content: 'one two ' });
  });

  it('ends a stalled stream with the timeout message and keeps the partial', async () => {
    fake.next({ tokens: ['slow ', 'and ', 'stuck'], stallAfter: 2 });
    // Short for this test only: on a busy machine the other tests' token gaps can pass 400 ms.
    const endpoint = t.app.services.llm.config.endpoints.fake!;
    const idleTimeoutMs = endpoint.idleTimeoutMs;
    endpoint.idleTimeoutMs = 400;
    const res = await ask(t, admin, 'chatgpt', chatgptAsk('stall')).finally(() => {
      endpoint.idleTimeoutMs = idleTimeoutMs;
    });

    expect(res.events.map((e) => e.event)).toEqual(['message', 'message', 'error']);
    expect(res.events.at(-1)!.data.message).toBe(ErrorMessage.streamTimeout);
    expect(await row(String(res.events.at(-1)!.data.message_id))).toMatchObject({
      status: 'incomplete',
      content: 'slow and ',
    });
  });

  it('answers an upstream 429 before any byte with a 429 JSON error', async () => {
    fake.next({ status: 429, headers: { 'retry-after': '3' } });
    const res = await ask(t, admin, 'chatgpt', chatgptAsk('rate limited'));

    expect(res.status).toBe(429);
    expect(res.events).toEqual([]);
    expect(res.json).toMatchObject({ code: 4029, message: '模型服务请求过于频繁，请稍后再试' });
    const { message_id } = res.json!.data as { message_id: string };
    expect(await row(message_id)).toMatchObject({ status: 'incomplete', content: '' });
  });

  it('goes on generating when the client disconnects: the answer is stored complete, and a second request reads the rest', async () => {
    const tokens = Array.from({ length: 40 }, (_, i) => `t${i} `);
    fake.next({ tokens, intervalMs: 40 });
    const controller = new AbortController();
    const res = await fetch(`${t.baseUrl}/api/chatgpt/message/askStream`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify(chatgptAsk('reload me')),
      signal: controller.signal,
    });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    expect(res.headers.get('cache-control')).toContain('no-cache');

    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (parseSse(text).filter((e) => e.event === 'message').length < 3) {
      const { value } = await reader.read();
      text += decoder.decode(value, { stream: true });
    }
    const received = streamedText(parseSse(text));
    const messageId = String(parseSse(text)[0]!.data.message_id);
    controller.abort();

    // The page opened again (a reload) follows the answer while it still grows, to its end.
    const followed = await follow(t, admin, '/api/chatgpt', messageId);
    expect(followed.events[0]).toMatchObject({ event: 'message', data: { message_id: messageId, replace: true } });
    expect(String(followed.events[0]!.data.text).startsWith(received)).toBe(true);
    // More than the first state arrived while following: it was live, not a copy of the end.
    expect(followed.events.filter((e) => e.event === 'message').length).toBeGreaterThan(1);
    expect(followed.events.at(-1)).toEqual({ event: 'finish', data: { message_id: messageId, status: 'done' } });
    expect(followedText(followed.events)).toBe(tokens.join(''));
    // Complete and done, never 已停止生成.
    const completion = body<{ content: string; status: string }>(
      await api(t, admin, { method: 'GET', url: '/api/chatgpt/message/completion', query: { message_id: messageId } }),
    ).data;
    expect(completion).toMatchObject({ status: 'done', content: tokens.join('') });
    expect(await row(messageId)).toMatchObject({ status: 'done', content: tokens.join(''), finishReason: 'stop' });
    expect(fake.cancelled).toBe(0);
    await eventually(async () => t.app.services.answers.registry.size === 0);
  });

  it('follows a finished answer with its text and finish at once, and refuses another user’s answer like an unknown one', async () => {
    fake.next({ tokens: ['all ', 'done'] });
    const done = await ask(t, admin, 'chatgpt', chatgptAsk('finished before following'));
    const messageId = String(done.events.at(-1)!.data.message_id);
    const followed = await follow(t, admin, '/api/chatgpt', messageId);
    expect(followed.events).toEqual([
      { event: 'message', data: { message_id: messageId, text: 'all done', reasoning: '', replace: true } },
      { event: 'finish', data: { message_id: messageId, status: 'done' } },
    ]);
    const staff = await tokenFor(t, 'staff');
    const other = await follow(t, staff, '/api/chatgpt', messageId);
    const unknown = await follow(t, staff, '/api/chatgpt', 'doesnotexist123');
    expect(other.status).toBe(unknown.status);
    expect(JSON.parse(other.text)).toEqual(JSON.parse(unknown.text));
    expect(JSON.parse(other.text).code).toBe(4000);
  });

  it('stops an answer only through the stop call, whose client has left', async () => {
    const tokens = Array.from({ length: 200 }, (_, i) => `s${i} `);
    fake.next({ tokens, intervalMs: 40 });
    const controller = new AbortController();
    const res = await fetch(`${t.baseUrl}/api/chatgpt/message/askStream`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify(chatgptAsk('stop me later')),
      signal: controller.signal,
    });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (parseSse(text).filter((e) => e.event === 'message').length < 2) {
      const { value } = await reader.read();
      text += decoder.decode(value, { stream: true });
    }
    const messageId = String(parseSse(text)[0]!.data.message_id);
    controller.abort();
    await new Promise((r) => setTimeout(r, 300));
    expect((await row(messageId))!.status).toBe('generating');

    const stopped = await api(t, admin, {
      method: 'POST',
      url: '/api/chatgpt/message/stop',
      payload: { message_id: messageId },
    });
    expect(body<{ status: string }>(stopped).data.status).toBe('aborted');
    await fake.waitFor(() => fake.cancelled === 1, 5000);
    const stored = (await row(messageId))!;
    expect(stored.status).toBe('aborted');
    expect(stored.content.length).toBeLessThan(tokens.join('').length);
    await eventually(async () => t.app.services.answers.registry.size === 0);
  });

  it('regenerates the last answer: same question, the old answer replaced', async () => {
    fake.next({ tokens: ['first answer'] });
    const first = await ask(t, admin, 'chatgpt', chatgptAsk('regenerate me'));
    const convId = String(first.events.at(-1)!.data.conv_id);
    fake.next({ tokens: ['second answer'] });
    const again = await ask(t, admin, 'chatgpt', chatgptAsk('ignored', { conv_id: convId, regenerate: true }));

    expect(again.events.at(-1)).toMatchObject({ event: 'finish', data: { status: 'done' } });
    expect(again.events.at(-1)!.data.user_message_id).toBeUndefined();
    expect(fake.chatRequests[1]!.body.messages).toEqual([{ role: 'user', content: 'regenerate me' }]);
    const list = await messagesOf(convId);
    expect(list.map((m) => [m.role, m.content])).toEqual([
      ['user', 'regenerate me'],
      ['assistant', 'second answer'],
    ]);
  });

  it('refuses an oversized prompt with a JSON error before any provider call', async () => {
    const res = await ask(t, admin, 'chatgpt', chatgptAsk('长'.repeat(201)));
    expect(res.status).toBe(413);
    expect(res.json).toMatchObject({ code: 4013, data: null });
    expect(res.json!.message).toContain('问题过长');
    expect(fake.chatRequests).toHaveLength(0);
  });

  it('refuses bad options with a 400 JSON envelope, not a stream', async () => {
    const badModel = await ask(t, admin, 'chatgpt', chatgptAsk('x', { model_type: 7 }));
    expect(badModel.status).toBe(400);
    expect(badModel.json?.code).toBe(4001);
    expect(badModel.json?.message).toContain('model_type');
    const badTemperature = await ask(t, admin, 'chatgpt', chatgptAsk('x', { temperature: 2.5 }));
    expect(badTemperature.json?.code).toBe(4001);
    const noPrompt = await ask(t, admin, 'chatgpt', { model_type: 100, temperature: 1 });
    expect(noPrompt.json?.code).toBe(4001);
    expect(fake.chatRequests).toHaveLength(0);
  });
});

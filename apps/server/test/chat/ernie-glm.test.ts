import type { AsyncAskResponse, ChatMessage } from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages } from '../../src/db/schema';
import { api, body, type TestApp } from '../helper';
import { startFakeUpstream, type FakeUpstream } from '../llm/fake-upstream';
import { buildChatApp, eventually, parseSse, streamedText, tokenFor } from './helpers';

let fake: FakeUpstream;
let t: TestApp;
let admin: string;

const ernieAsk = (prompt: string, extra: Record<string, unknown> = {}) => ({
  prompt,
  model_type: 200,
  temperature: 1,
  ...extra,
});

let watched: string | undefined;
let statusAtClose: string | undefined;
/** Reads one answer in the last hook before the database closes: what a restarted process would find. */
const snapshotOnClose: FastifyPluginAsync = async (app) => {
  app.addHook('onClose', async (instance) => {
    if (!watched) return;
    const [row] = await instance.db
      .select({ status: chatMessages.status })
      .from(chatMessages)
      .where(eq(chatMessages.id, watched));
    statusAtClose = row?.status;
  });
};
let closed = false;

beforeAll(async () => {
  fake = await startFakeUpstream();
  t = await buildChatApp({
    fake,
    chat: { persist_interval_ms: 50, persist_chars: 64 },
    extraRoutes: [snapshotOnClose],
  });
  admin = await tokenFor(t, 'admin');
});
afterAll(async () => {
  if (!closed) await t?.close();
  await fake?.close();
});

async function completion(messageId: string): Promise<ChatMessage> {
  const res = await api(t, admin, { method: 'GET', url: `/api/ernie/message/completion?message_id=${messageId}` });
  expect(res.statusCode).toBe(200);
  return body<ChatMessage>(res).data;
}

async function askErnie(prompt: string, extra: Record<string, unknown> = {}): Promise<AsyncAskResponse> {
  const res = await api(t, admin, { method: 'POST', url: '/api/ernie/message/ask', payload: ernieAsk(prompt, extra) });
  expect(res.statusCode).toBe(200);
  return body<AsyncAskResponse>(res).data;
}

describe('ERNIE: asynchronous answers polled through completion', () => {
  it('answers the ids at once and completes after the request has ended, growing while polled', async () => {
    fake.reset();
    const tokens = Array.from({ length: 60 }, (_, i) => `片段${i} `);
    fake.next({ tokens, intervalMs: 40 });
    const started = await askErnie('写一段介绍');
    expect(started).toMatchObject({ conv_id: expect.any(String), message_id: expect.any(String) });
    expect(started.user_message_id).not.toBe(started.message_id);

    // The ask returned before the model finished: the answer is still generating.
    const first = await completion(started.message_id);
    expect(first.status).toBe('generating');

    const seen: number[] = [];
    await eventually(async () => {
      const now = await completion(started.message_id);
      seen.push(now.content.length);
      return now.status !== 'generating';
    }, 30_000);
    const done = await completion(started.message_id);
    expect(done.status).toBe('done');
    expect(done.content).toBe(tokens.join(''));
    // Polling saw partial answers between empty and complete.
    expect(seen.some((n) => n > 0 && n < done.content.length)).toBe(true);
    expect(fake.chatRequests.at(-1)?.body.model).toBe('ernie-4.0');

    // The conversation is the chatgpt module's: ERNIE's list shows the turn, with the same ids.
    const list = await api(t, admin, { method: 'GET', url: `/api/ernie/message/list?conv_id=${started.conv_id}` });
    const ids = body<{ list: ChatMessage[] }>(list).data.list.map((m) => m.message_id);
    expect(ids).toEqual([started.user_message_id, started.message_id]);
    const convs = await api(t, admin, { method: 'GET', url: '/api/chatgpt/conversation/list' });
    expect(body<{ conv_list: { conv_id: string }[] }>(convs).data.conv_list.map((c) => c.conv_id)).toContain(
      started.conv_id,
    );
  });

  it('stops a generating answer on request: aborted, keeping what it had, and the upstream call is cancelled', async () => {
    fake.reset();
    fake.next({ tokens: Array.from({ length: 400 }, (_, i) => `w${i} `), intervalMs: 30 });
    const started = await askErnie('很长的回答');
    await eventually(async () => (await completion(started.message_id)).content.length > 0, 20_000);
    const res = await api(t, admin, {
      method: 'POST',
      url: '/api/ernie/message/stop',
      payload: { message_id: started.message_id },
    });
    expect(res.statusCode).toBe(200);
    const stopped = body<ChatMessage>(res).data;
    expect(stopped.status).toBe('aborted');
    expect(stopped.content.length).toBeGreaterThan(0);
    await eventually(async () => fake.cancelled > 0, 10_000);
    const later = await completion(started.message_id);
    expect(later.status).toBe('aborted');
  });

  it('refuses another user’s message and a model of another path', async () => {
    fake.reset();
    fake.next({ tokens: ['好'] });
    const started = await askErnie('一个问题');
    const staff = await tokenFor(t, 'staff');
    const other = await api(t, staff, {
      method: 'GET',
      url: `/api/ernie/message/completion?message_id=${started.message_id}`,
    });
    expect(body(other).code).not.toBe(0);
    const stopOther = await api(t, staff, {
      method: 'POST',
      url: '/api/ernie/message/stop',
      payload: { message_id: started.message_id },
    });
    expect(body(stopOther).code).not.toBe(0);
    // GPT-4 streams on /api/chatgpt; asking it on /api/ernie is refused before anything is stored.
    const wrong = await api(t, admin, {
      method: 'POST',
      url: '/api/ernie/message/ask',
      payload: ernieAsk('x', { model_type: 100 }),
    });
    expect(body(wrong).message).toContain('/api/chatgpt');
    await eventually(async () => (await completion(started.message_id)).status === 'done', 20_000);
  });
});

describe('GLM: streamed on /api/zhipu', () => {
  it('streams the answer with the askStream events and stores it in the chatgpt conversation', async () => {
    fake.reset();
    fake.next({ tokens: ['智', '谱', '回答'] });
    const streamed = await api(t, admin, {
      method: 'POST',
      url: '/api/zhipu/message/ask',
      payload: { prompt: '你好', model_type: 300, temperature: 1 },
    });
    expect(String(streamed.headers['content-type'])).toContain('text/event-stream');
    const events = parseSse(streamed.body);
    expect(streamedText(events)).toBe('智谱回答');
    const finish = events.find((e) => e.event === 'finish')!.data as { message_id: string; conv_id: string };
    expect(fake.chatRequests.at(-1)?.body.model).toBe('glm-4');
    const stored = await api(t, admin, {
      method: 'GET',
      url: `/api/zhipu/message/completion?message_id=${finish.message_id}`,
    });
    expect(body<ChatMessage>(stored).data).toMatchObject({ status: 'done', content: '智谱回答' });
    const list = await api(t, admin, { method: 'GET', url: `/api/zhipu/message/list?conv_id=${finish.conv_id}` });
    expect(body<{ list: ChatMessage[] }>(list).data.list).toHaveLength(2);
  });
});

describe('a server that stops while an asynchronous answer generates', () => {
  it('leaves the answer incomplete, never generating', async () => {
    fake.reset();
    fake.next({ tokens: Array.from({ length: 400 }, (_, i) => `w${i} `), intervalMs: 30 });
    const started = await askErnie('会被重启打断');
    await eventually(async () => (await completion(started.message_id)).content.length > 0, 20_000);
    watched = started.message_id;
    closed = true;
    await t.close();
    expect(statusAtClose).toBe('incomplete');
  });
});

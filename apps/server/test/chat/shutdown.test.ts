import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, generations } from '../../src/db/schema';
import type { FastifyPluginAsync } from 'fastify';
import type { TestApp } from '../helper';
import { startFakeUpstream, type FakeUpstream } from '../llm/fake-upstream';
import { buildChatApp, chatgptAsk, parseSse, streamedText, tokenFor } from './helpers';

let fake: FakeUpstream;
let t: TestApp;
let admin: string;

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
  await fake?.close();
});

let afterClose: { status: string; content: string }[] = [];
/** Reads the answers in the last hook before the database closes: what a restarted process would find. */
const snapshotOnClose: FastifyPluginAsync = async (app) => {
  app.addHook('onClose', async (instance) => {
    afterClose = await instance.db
      .select({ status: chatMessages.status, content: chatMessages.content })
      .from(chatMessages)
      .where(eq(chatMessages.role, 'assistant'));
  });
};

describe('server shutdown', () => {
  it('closes the answers of a generation owner whose lease ran out, and only those', async () => {
    const { chat } = t.app;
    const conv = await chat.conversations.create(1, 'chatgpt', { modelType: 100, temperature: 1 });
    await t.app.db.insert(chatMessages).values([
      {
        id: 'stale-answer',
        convId: conv.id,
        userId: 1,
        role: 'assistant',
        status: 'generating',
        content: 'half',
      },
      { id: 'live-answer', convId: conv.id, userId: 1, role: 'assistant', status: 'generating', content: 'live' },
    ]);
    // Owners on another host: only the lease tells whether they live.
    await t.app.db.insert(generations).values([
      {
        messageId: 'stale-answer',
        store: 'chat',
        owner: 'elsewhere:1:a',
        ownerHost: 'elsewhere',
        ownerPid: 1,
        leaseUntil: sql`now() - interval '1 second'`,
      },
      {
        messageId: 'live-answer',
        store: 'chat',
        owner: 'elsewhere:1:a',
        ownerHost: 'elsewhere',
        ownerPid: 1,
        leaseUntil: sql`now() + interval '1 minute'`,
      },
    ]);
    await t.app.services.answers.sweep();
    const rows = await t.app.db.select({ id: chatMessages.id, status: chatMessages.status }).from(chatMessages);
    expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toMatchObject({
      'stale-answer': 'incomplete',
      'live-answer': 'generating',
    });
    await t.app.db.delete(chatMessages).where(eq(chatMessages.id, 'live-answer'));
    await t.app.db.delete(generations);
  });

  it('stops in-flight streams on close, tells the client, and leaves nothing generating', async () => {
    fake.next({ tokens: Array.from({ length: 200 }, (_, i) => `w${i} `), intervalMs: 30 });
    const res = await fetch(`${t.baseUrl}/api/chatgpt/message/askStream`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify(chatgptAsk('long answer')),
    });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (parseSse(text).filter((e) => e.event === 'message').length < 2) {
      text += decoder.decode((await reader.read()).value, { stream: true });
    }

    const closing = t.close();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    const events = parseSse(text);
    expect(events.at(-1)).toMatchObject({
      event: 'error',
      data: { message: '服务正在重启，回答已中断，请稍后重新提问' },
    });

    await closing;
    const rows = afterClose;
    expect(rows.filter((r) => r.status === 'generating')).toEqual([]);
    const answer = rows.find((r) => r.content.startsWith('w0 '));
    expect(answer?.status).toBe('incomplete');
    expect(answer!.content.startsWith(streamedText(events))).toBe(true);
    await fake.waitFor(() => fake.cancelled === 1, 3000);
  });
});

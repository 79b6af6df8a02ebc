import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, body, type TestApp } from '../helper';
import { ask, buildChatApp, streamedText, tokenFor } from './helpers';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildChatApp();
  admin = await tokenFor(t, 'admin');
});
afterAll(async () => {
  await t?.close();
});

describe('without providers', () => {
  it('labels the built-in demo model in every module', async () => {
    for (const [module, id] of [
      ['chatgpt', 100],
      ['deepseek', 0],
      ['metaso', 1],
    ] as const) {
      const res = body<{ list: unknown[] }>(await api(t, admin, { method: 'GET', url: `/api/${module}/models` })).data;
      expect(res.list).toContainEqual(expect.objectContaining({ id, demo: true }));
      expect(res.list.every((m) => (m as { label: string }).label.endsWith('（演示模型）'))).toBe(true);
    }
  });

  it('answers with the demo model and stores the answer', async () => {
    const res = await ask(t, admin, 'chatgpt', { prompt: '你好', model_type: 100, temperature: 1 });
    expect(res.events.at(-1)).toMatchObject({ event: 'finish', data: { status: 'done' } });
    const text = streamedText(res.events);
    expect(text.length).toBeGreaterThan(0);
    const stored = body<{ content: string }>(
      await api(t, admin, {
        method: 'GET',
        url: '/api/chatgpt/message/completion',
        query: { message_id: String(res.events.at(-1)!.data.message_id) },
      }),
    ).data;
    expect(stored.content).toBe(text);
  });
});

import type { ChatMessage } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, body, type TestApp } from '../helper';
import { ask, buildChatApp, chatgptAsk, tokenFor } from './helpers';

/** An edited question replaces itself and the turns after it; the next ask follows what is left. */
describe('chat: editing a sent question', () => {
  let t: TestApp;
  let admin = '';
  let staff = '';
  beforeAll(async () => {
    t = await buildChatApp();
    admin = await tokenFor(t, 'admin');
    staff = await tokenFor(t, 'staff');
  });
  afterAll(async () => t?.close());

  const list = async (convId: string) =>
    body<{ list: ChatMessage[] }>(
      await api(t, admin, { method: 'GET', url: '/api/chatgpt/message/list', query: { conv_id: convId } }),
    ).data.list;
  const truncate = async (token: string, payload: Record<string, unknown>) =>
    body<{ removed: number }>(await api(t, token, { method: 'POST', url: '/api/chatgpt/message/truncate', payload }));

  it('removes the question and what followed, then the edited question continues the conversation', async () => {
    const first = await ask(t, admin, 'chatgpt', chatgptAsk('第一个问题'));
    const convId = String(first.events.at(-1)!.data.conv_id);
    await ask(t, admin, 'chatgpt', chatgptAsk('第二个问题', { conv_id: convId }));
    await ask(t, admin, 'chatgpt', chatgptAsk('第三个问题', { conv_id: convId }));
    const before = await list(convId);
    expect(before).toHaveLength(6);
    const second = before[2]!;

    expect((await truncate(admin, { conv_id: convId, message_id: before[3]!.message_id })).code).not.toBe(0);
    expect((await truncate(staff, { conv_id: convId, message_id: second.message_id })).code).not.toBe(0);
    expect((await truncate(admin, { conv_id: convId, message_id: second.message_id })).data.removed).toBe(4);

    const edited = await ask(t, admin, 'chatgpt', chatgptAsk('改过的第二个问题', { conv_id: convId }));
    expect(edited.events.at(-1)).toMatchObject({ event: 'finish', data: { status: 'done' } });
    const after = await list(convId);
    expect(after.filter((m) => m.role === 'user').map((m) => m.content)).toEqual(['第一个问题', '改过的第二个问题']);
    expect(after).toHaveLength(4);
  });
});

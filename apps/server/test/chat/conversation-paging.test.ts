import { CONVERSATION_PAGE_SIZE_DEFAULT, ModuleType } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, users } from '../../src/db/schema';
import { api, body, type TestApp } from '../helper';
import { buildChatApp, tokenFor } from './helpers';

let t: TestApp;
let admin: string;

interface Page {
  conv_list: { conv_id: string; title: string }[];
  has_more?: boolean;
  next_cursor?: string;
}

const list = async (module: string, query: Record<string, string> = {}) => {
  const res = await api(t, admin, { method: 'GET', url: `/api/${module}/conversation/list`, query });
  return { status: res.statusCode, envelope: body<Page>(res) };
};

/** 120 conversations of admin in deepseek, `c000` the oldest; three at a time share one instant. */
const CREATED = 120;
const idOf = (i: number) => `c${String(i).padStart(3, '0')}`;

beforeAll(async () => {
  t = await buildChatApp();
  admin = await tokenFor(t, 'admin');
  const [user] = await t.app.db.select().from(users).where(eq(users.login, 'admin'));
  const start = Date.UTC(2026, 0, 1);
  await t.app.db.insert(conversations).values(
    Array.from({ length: CREATED }, (_, i) => {
      const at = new Date(start + Math.floor(i / 3) * 60_000);
      return {
        id: idOf(i),
        userId: user!.id,
        module: 'deepseek' as const,
        type: ModuleType.deepseek,
        title: `对话 ${i}`,
        modelType: 1,
        lastPromptTemperature: 1,
        createdAt: at,
        updatedAt: at,
      };
    }),
  );
});
afterAll(async () => t?.close());

/** Newest first; within one instant the larger id first. */
const expectedOrder = Array.from({ length: CREATED }, (_, i) => idOf(i)).reverse();

describe('conversation/list in pages', () => {
  it('answers the first page by default in the spec’s shape, with where the next one starts', async () => {
    const { status, envelope } = await list('deepseek');
    expect(status).toBe(200);
    expect(envelope.code).toBe(0);
    expect(envelope.data.conv_list.map((c) => c.conv_id)).toEqual(
      expectedOrder.slice(0, CONVERSATION_PAGE_SIZE_DEFAULT),
    );
    expect(envelope.data.has_more).toBe(true);
    expect(envelope.data.next_cursor).toEqual(expect.any(String));
  });

  it('walks every conversation once by cursor, even when one is created between pages', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const { envelope } = await list('deepseek', { page_size: '40', ...(cursor ? { cursor } : {}) });
      expect(envelope.code).toBe(0);
      seen.push(...envelope.data.conv_list.map((c) => c.conv_id));
      cursor = envelope.data.next_cursor;
      expect(envelope.data.has_more).toBe(cursor !== undefined);
      pages++;
      if (pages === 1) {
        // Newest of all: it belongs before the pages already read, not in the ones to come.
        const created = await api(t, admin, { method: 'POST', url: '/api/deepseek/conversation/create', payload: {} });
        expect(body(created).code).toBe(0);
      }
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(expectedOrder);

    const first = await list('deepseek');
    expect(first.envelope.data.conv_list[0]!.title).toBe('新对话');
  });

  it('ends without a cursor when one page holds all, and refuses a cursor it did not make', async () => {
    const { envelope } = await list('chatgpt');
    expect(envelope.data).toEqual({ conv_list: [], has_more: false });
    for (const cursor of ['nonsense', Buffer.from('["x","y","z"]').toString('base64url')]) {
      const refused = await list('deepseek', { cursor });
      expect(refused.status).toBe(400);
      expect(refused.envelope.code).toBe(4001);
    }
    expect((await list('deepseek', { page_size: '500' })).status).toBe(400);
  });
});

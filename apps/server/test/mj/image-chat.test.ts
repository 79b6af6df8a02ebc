import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type {
  Conversation,
  ConversationListResponse,
  Envelope,
  MjAskResponse,
  MjConversationListResponse,
  MjMessage,
  MjMessageListResponse,
  MjStatus,
} from '@portal/contract';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../src/lib/sql-rows';
import { mjConfigSchema } from '../../src/modules/mj/config';
import { api, body, buildTestApp, type TestApp } from '../helper';
import { ask, chatgptAsk, tokenFor } from '../chat/helpers';

/**
 * A fake OpenAI-compatible image API: every image a plain square of its own colour; `hold` keeps
 * answers back until the test releases them (to see a turn's progress), `fail` answers 500.
 */
class FakeImageApi {
  mode: 'ok' | 'fail' = 'ok';
  hold = false;
  readonly seen: Array<{ path: string; body: string }> = [];
  private readonly held: Array<() => void> = [];
  private drawn = 0;
  private server!: Server;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => this.handle(req, res));
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  get waiting(): number {
    return this.held.length;
  }

  /** Lets the oldest held answer go. */
  releaseOne(): void {
    this.held.shift()?.();
  }

  releaseAll(): void {
    this.hold = false;
    for (const answer of this.held.splice(0)) answer();
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      this.seen.push({ path, body: Buffer.concat(chunks).toString() });
      const answer = async () => {
        if (this.mode === 'fail') return res.writeHead(500).end('engine down');
        const shade = (this.drawn++ * 40) % 256;
        const png = await sharp({
          create: { width: 256, height: 256, channels: 3, background: { r: shade, g: 90, b: 200 } },
        })
          .png()
          .toBuffer();
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ created: 1, data: [{ b64_json: png.toString('base64') }] }));
      };
      if (!path.startsWith('/v1/images/')) return res.writeHead(404).end();
      if (this.hold) this.held.push(() => void answer());
      else void answer();
    });
  }
}

let fake: FakeImageApi;
let t: TestApp;
let staff: string;
let admin: string;

beforeAll(async () => {
  fake = await new FakeImageApi().start();
  t = await buildTestApp({
    config: (c) => ({
      ...c,
      jobs: { ...c.jobs, poll_ms: 50, lease_ms: 1_000, sweep_ms: 200 },
      mj: mjConfigSchema.parse({ openai: { url: fake.url, model: 'dall-e-3' }, size: 256 }),
    }),
  });
  staff = await tokenFor(t, 'staff');
  admin = await tokenFor(t, 'admin');
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

async function get<T>(token: string, url: string, query: Record<string, string> = {}): Promise<Envelope<T>> {
  return body<T>(await api(t, token, { method: 'GET', url, query }));
}
async function post<T>(token: string, url: string, payload: Record<string, unknown>): Promise<Envelope<T>> {
  return body<T>(await api(t, token, { method: 'POST', url, payload }));
}

const reply = (token: string, id: string) => get<MjMessage>(token, '/api/chatgpt/mj/replyMessage', { message_id: id });
const remain = async () => (await get<MjStatus>(staff, '/api/chatgpt/mj/status')).data.usage.remain;

/** Polls a turn until it matches (generous: the machine may be busy). */
async function until(id: string, done: (m: MjMessage) => boolean): Promise<MjMessage> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const res = await reply(staff, id);
    expect(res.code).toBe(0);
    if (done(res.data)) return res.data;
    if (Date.now() > deadline) throw new Error(`turn ${id} still ${res.data.status} ${res.data.progress}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
const finished = (m: MjMessage) => m.status === 'done' || m.status === 'failed';

describe('the image chat', () => {
  let convId = '';
  let gridId = '';

  it('turns a prompt into a job that shows progress and ends in a persisted 2×2 grid', async () => {
    const status = await get<MjStatus>(staff, '/api/chatgpt/mj/status');
    expect(status.data).toMatchObject({ configured: true, engine: 'openai' });
    const before = status.data.usage.remain;

    fake.hold = true;
    const asked = await post<MjAskResponse>(staff, '/api/chatgpt/message/mjAsk', { prompt: '雪山下的红色小屋' });
    expect(asked.code).toBe(0);
    expect(asked.data.message).toMatchObject({ action: 'imagine', status: 'queued', layout: 'grid', images: [] });
    expect(asked.data.usage.remain).toBe(before - 4);
    convId = asked.data.conv_id;
    gridId = asked.data.message.message_id;

    // The first image comes back: the turn is running, part of the way.
    await expect.poll(() => fake.waiting, { timeout: 30_000 }).toBe(1);
    fake.releaseOne();
    const running = await until(gridId, (m) => m.status === 'running' && m.progress > 10);
    expect(running.progress).toBeLessThan(100);
    fake.releaseAll();

    const done = await until(gridId, finished);
    expect(done.status).toBe('done');
    expect(done.images.map((i) => i.position)).toEqual([1, 2, 3, 4]);
    expect(fake.seen.filter((s) => s.path === '/v1/images/generations')).toHaveLength(4);
    expect(JSON.parse(fake.seen[0]!.body)).toMatchObject({ prompt: '雪山下的红色小屋', size: '256x256', n: 1 });

    // A reload reads it all back.
    const list = await get<MjMessageListResponse>(staff, '/api/chatgpt/mj/messageList', { conv_id: convId });
    expect(list.data.list).toHaveLength(1);
    expect(list.data.list[0]).toMatchObject({ message_id: gridId, status: 'done', progress: 100 });
    expect(list.data.list[0]!.images).toHaveLength(4);
    const convs = await get<MjConversationListResponse>(staff, '/api/chatgpt/mj/conversationList');
    expect(convs.data.conv_list[0]).toMatchObject({ conv_id: convId, title: '雪山下的红色小屋', type: 1 });

    const image = await api(t, staff, { method: 'GET', url: done.images[0]!.url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
  });

  it('upscales one variant (U2) and varies another (V3), each a new job', async () => {
    const before = await remain();
    const up = await post<MjAskResponse>(staff, '/api/chatgpt/mj/receiveMessage', {
      message_id: gridId,
      action: 'upscale',
      index: 2,
    });
    expect(up.code).toBe(0);
    expect(up.data.message).toMatchObject({ action: 'upscale', variant: 2, parent_id: gridId, layout: 'single' });
    const upscaled = await until(up.data.message.message_id, finished);
    expect(upscaled.status).toBe('done');
    expect(upscaled.images).toHaveLength(1);
    expect([upscaled.images[0]!.width, upscaled.images[0]!.height]).toEqual([512, 512]);
    expect(await remain()).toBe(before - 1);

    const vary = await post<MjAskResponse>(staff, '/api/chatgpt/mj/receiveMessage', {
      message_id: gridId,
      action: 'variation',
      index: 3,
    });
    const varied = await until(vary.data.message.message_id, finished);
    expect(varied.status).toBe('done');
    expect(varied.images).toHaveLength(4);
    expect(fake.seen.filter((s) => s.path === '/v1/images/edits')).toHaveLength(4);

    // U on an upscale, or without saying which image, is refused.
    const refused = await post(staff, '/api/chatgpt/mj/receiveMessage', {
      message_id: upscaled.message_id,
      action: 'upscale',
      index: 1,
    });
    expect(refused.code).toBe(4001);
    expect(
      (await post(staff, '/api/chatgpt/mj/receiveMessage', { message_id: gridId, action: 'variation' })).code,
    ).toBe(4001);

    const list = await get<MjMessageListResponse>(staff, '/api/chatgpt/mj/messageList', { conv_id: convId });
    expect(list.data.list.map((m) => m.action)).toEqual(['imagine', 'upscale', 'variation']);
  });

  it('fails a turn the engine refuses and gives its images back', async () => {
    const before = await remain();
    fake.mode = 'fail';
    try {
      const asked = await post<MjAskResponse>(staff, '/api/chatgpt/message/mjAsk', { conv_id: convId, prompt: '海边' });
      expect(asked.data.usage.remain).toBe(before - 4);
      const failed = await until(asked.data.message.message_id, finished);
      expect(failed).toMatchObject({ status: 'failed', status_text: '生成失败，已退还次数', images: [] });
      expect(await remain()).toBe(before);
    } finally {
      fake.mode = 'ok';
    }
  });

  it('refuses a prompt when the usage is spent, leaving nothing behind', async () => {
    const [user] = await rows<{ id: number }>(t.app.db, sql`select id from users where login = 'staff'`);
    const userId = user!.id;
    const convs = async () => (await get<MjConversationListResponse>(staff, '/api/chatgpt/mj/conversationList')).data;
    const before = (await convs()).conv_list.length;
    await t.app.db.execute(sql`update addbg_usage set remain = 3 where owner_id = ${userId}`);
    const refused = await post(staff, '/api/chatgpt/message/mjAsk', { prompt: '森林' });
    expect(refused.code).toBe(4030);
    expect((await convs()).conv_list).toHaveLength(before);
    await t.app.db.execute(sql`update addbg_usage set remain = total where owner_id = ${userId}`);
  });

  it('answers another user’s ids exactly like unknown ones', async () => {
    const list = await get<MjMessageListResponse>(staff, '/api/chatgpt/mj/messageList', { conv_id: convId });
    const imageUrl = list.data.list[0]!.images[0]!.url;
    const unknown = 'f'.repeat(32);
    for (const id of [gridId, unknown]) {
      expect((await reply(admin, id)).code).toBe(4000);
      const acted = await post(admin, '/api/chatgpt/mj/receiveMessage', { message_id: id, action: 'reroll' });
      expect(acted.code).toBe(4000);
    }
    for (const conv of [convId, unknown]) {
      expect((await get(admin, '/api/chatgpt/mj/messageList', { conv_id: conv })).code).toBe(4000);
      expect((await post(admin, '/api/chatgpt/message/mjAsk', { conv_id: conv, prompt: 'x' })).code).toBe(4000);
      expect((await post(admin, '/api/chatgpt/mj/conversationDelete', { conv_id: conv })).code).toBe(4000);
    }
    const foreignImage = await api(t, admin, { method: 'GET', url: imageUrl });
    const unknownImage = await api(t, admin, { method: 'GET', url: `/api/chatgpt/mj/image?image_id=${unknown}` });
    expect(foreignImage.statusCode).toBe(404);
    expect(body(foreignImage)).toEqual(body(unknownImage));
    expect((await get<MjConversationListResponse>(admin, '/api/chatgpt/mj/conversationList')).data.conv_list).toEqual(
      [],
    );
  });

  it('deletes a conversation with its images', async () => {
    const list = await get<MjMessageListResponse>(staff, '/api/chatgpt/mj/messageList', { conv_id: convId });
    const imageUrl = list.data.list[0]!.images[0]!.url;
    expect((await post(staff, '/api/chatgpt/mj/conversationDelete', { conv_id: convId })).code).toBe(0);
    expect((await get(staff, '/api/chatgpt/mj/messageList', { conv_id: convId })).code).toBe(4000);
    expect((await api(t, staff, { method: 'GET', url: imageUrl })).statusCode).toBe(404);
    const [left] = await rows<{ n: number }>(t.app.db, sql`select count(*)::int as n from files where module = 'mj'`);
    expect(left!.n).toBe(0);
  });
});

describe('image conversations in the chatgpt conversation list', () => {
  const chatList = async (token: string, query: Record<string, string> = {}) =>
    (await get<ConversationListResponse>(token, '/api/chatgpt/conversation/list', query)).data.conv_list;

  it('are listed with type 1, renamed and deleted there, and take no chat question', async () => {
    fake.hold = true;
    const asked = await post<MjAskResponse>(staff, '/api/chatgpt/message/mjAsk', { prompt: '月光下的猫' });
    const imageId = asked.data.conv_id;
    const text = await post<Conversation>(staff, '/api/chatgpt/conversation/create', { title: '文字' });
    const textId = text.data.conv_id;

    const listed = await chatList(staff);
    expect(listed.find((c) => c.conv_id === imageId)).toMatchObject({ type: 1, title: '月光下的猫' });
    expect(listed.find((c) => c.conv_id === textId)).toMatchObject({ type: 2 });
    // A model's list holds its text conversations only.
    expect((await chatList(staff, { model_type: '0' })).some((c) => c.conv_id === imageId)).toBe(false);
    expect(await chatList(admin)).toEqual([]);

    // Renamed from the list, seen by the image page; by its type only, by its owner only.
    const rename = (token: string, conv_id: string, type: number) =>
      post(token, '/api/chatgpt/conversation/update', { conv_id, title: '猫', type });
    expect((await rename(staff, imageId, 1)).code).toBe(0);
    const convs = await get<MjConversationListResponse>(staff, '/api/chatgpt/mj/conversationList');
    expect(convs.data.conv_list.find((c) => c.conv_id === imageId)?.title).toBe('猫');
    expect((await rename(staff, imageId, 2)).code).toBe(4000);
    expect((await rename(admin, imageId, 1)).code).toBe(4000);
    expect((await rename(staff, textId, 1)).code).toBe(4000);

    // Neither kind takes the other's asks, with a message that says why.
    const chatAsk = await ask(t, staff, 'chatgpt', chatgptAsk('你好', { conv_id: imageId }));
    expect(chatAsk.json).toMatchObject({
      code: 4001,
      message: '这是图片创作会话，不能在其中进行文字对话，请在图片创作中继续',
    });
    const chatMessages = await get(staff, '/api/chatgpt/message/list', { conv_id: imageId });
    expect(chatMessages.code).toBe(4001);
    const mjAsk = await post(staff, '/api/chatgpt/message/mjAsk', { conv_id: textId, prompt: '狗' });
    expect(mjAsk).toMatchObject({ code: 4001, message: '这是文字对话，不能在其中生成图片，请在图片创作中新建会话' });
    // Another user's image conversation stays unknown to them in the chat too.
    expect((await ask(t, admin, 'chatgpt', chatgptAsk('你好', { conv_id: imageId }))).json?.code).toBe(4000);

    // Deleted from the list while its turn is drawn: the turn stops and its images come back.
    const before = await remain();
    const remove = (token: string, conv_id: string, type: number) =>
      post(token, '/api/chatgpt/conversation/delete', { conv_id, type });
    expect((await remove(admin, imageId, 1)).code).toBe(4000);
    expect((await remove(staff, imageId, 2)).code).toBe(4000);
    expect((await remove(staff, imageId, 1)).code).toBe(0);
    expect(await remain()).toBe(before + 4);
    expect((await get(staff, '/api/chatgpt/mj/messageList', { conv_id: imageId })).code).toBe(4000);
    expect((await chatList(staff)).some((c) => c.conv_id === imageId)).toBe(false);
    // A text conversation deleted as an image one: refused by name, and still there.
    expect((await remove(staff, textId, 1)).code).toBe(4001);
    expect((await remove(staff, textId, 2)).code).toBe(0);
    fake.releaseAll();
  });
});

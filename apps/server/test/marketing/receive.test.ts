import {
  QUOTA_API_PATHS,
  type MarketingAttachmentStatusResponse,
  type MarketingConversationDetail,
  type MarketingSections,
  type StoredFile,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { marketingMessages } from '../../src/db/schema';
import { api, body, type TestApp } from '../helper';
import { streamedText, tokenFor } from '../chat/helpers';
import { multipart, smallPdf, smallPng } from '../files/fixtures';
import { startFakeUpstream, type FakeUpstream } from '../llm/fake-upstream';
import { eventually as settled, pdfOf } from '../sessions/helpers';
import { buildMarketingApp, getJson, receive } from './helpers';
import { follow, followedText, leaveAfter } from '../answers/outlive-client';

const FRAMED_ANSWER = [
  '## 背景\n某茶饮品牌进入华东市场。\n',
  '## 目标\n三个月内提升品牌认知。\n',
  '## 受众\n18-30岁的城市白领。\n',
  '## 洞察\n下午三点的疲惫需要一个小仪式。\n',
  '## 策略\n借势下午茶节点。\n',
  '## 创意\n「三点钟的暂停」短片。\n',
  '## 渠道\n小红书、抖音与门店。\n',
  '## 效果与数据\n| 指标 | 数值 |\n| --- | --- |\n| 曝光 | 1.2亿 |\n',
  '## 可借鉴之处\n- 把产品绑定到一个具体时刻\n',
];

describe('marketing receive with a configured model', () => {
  let fake: FakeUpstream;
  let t: TestApp;
  let admin: string;
  let staff: string;

  beforeAll(async () => {
    fake = await startFakeUpstream();
    t = await buildMarketingApp({ fake });
    admin = await tokenFor(t, 'admin');
    staff = await tokenFor(t, 'staff');
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(() => fake.reset());

  it('streams the framed analysis, then stores it with its sections parsed', async () => {
    fake.next({ tokens: FRAMED_ANSWER, intervalMs: 1 });
    const res = await receive(t, admin, { text: '  某茶饮品牌在华东做了一次下午茶营销，投放小红书和抖音。  ' });
    expect(res.status).toBe(200);
    expect(res.events.map((e) => e.event)).toEqual([...FRAMED_ANSWER.map(() => 'message'), 'finish']);
    expect(streamedText(res.events)).toBe(FRAMED_ANSWER.join(''));
    const finish = res.events.at(-1)!.data as {
      conv_id: string;
      message_id: string;
      user_message_id: string;
      title: string;
      sections: MarketingSections;
    };
    expect(finish.title).toBe('某茶饮品牌在华东做了一次下午茶营销');
    expect(finish.sections.insight).toBe('下午三点的疲惫需要一个小仪式。');
    expect(finish.sections.results).toContain('| 曝光 | 1.2亿 |');
    expect(finish.sections.takeaways).toBe('- 把产品绑定到一个具体时刻');

    // The model got the frame's instructions as the system prompt and the description as given.
    const sent = fake.requests.at(-1)!.body.messages!;
    expect(sent[0]).toMatchObject({ role: 'system' });
    expect(sent[0]!.content).toContain('## 效果与数据');
    expect(sent.at(-1)!.content).toContain('某茶饮品牌在华东做了一次下午茶营销');

    const detail = await getJson<MarketingConversationDetail>(t, admin, '/api/marketing/conversation/detail', {
      conv_id: finish.conv_id,
    });
    expect(detail.code).toBe(0);
    const [question, answer] = detail.data.messages;
    expect(question).toMatchObject({
      role: 'user',
      status: 'done',
      message_id: finish.user_message_id,
      sections: null,
    });
    expect(question!.content).toBe('某茶饮品牌在华东做了一次下午茶营销，投放小红书和抖音。');
    expect(answer).toMatchObject({
      role: 'assistant',
      status: 'done',
      message_id: finish.message_id,
      collect_id: null,
    });
    expect(answer!.sections).toEqual(finish.sections);

    const list = await getJson<{ conv_list: { conv_id: string }[] }>(t, admin, '/api/marketing/conversation/list');
    expect(list.data.conv_list.map((c) => c.conv_id)).toContain(finish.conv_id);
  });

  it('stores the description before the model is called, and keeps it when the model fails', async () => {
    fake.next({ status: 500, errorMessage: 'boom' });
    fake.next({ status: 500, errorMessage: 'boom' });
    const res = await receive(t, admin, { text: '模型失败时的案例描述' });
    // Nothing was streamed: a JSON error with the upstream's class of status.
    expect(res.status).toBe(502);
    expect(res.events).toEqual([]);
    expect(res.json).toMatchObject({ code: 5002 });
    const { conv_id, message_id } = res.json!.data as { conv_id: string; message_id: string };
    const rows = await t.app.db.select().from(marketingMessages).where(eq(marketingMessages.convId, conv_id));
    expect(rows.find((r) => r.role === 'user')).toMatchObject({ content: '模型失败时的案例描述', status: 'done' });
    expect(rows.find((r) => r.id === message_id)).toMatchObject({ status: 'incomplete', sections: null });
  });

  it('keeps a partial analysis as incomplete, without sections', async () => {
    fake.next({ tokens: FRAMED_ANSWER, intervalMs: 1, failAfter: 3 });
    const res = await receive(t, admin, { text: '中途失败的案例' });
    expect(res.events.at(-1)!.event).toBe('error');
    const { message_id } = res.events.at(-1)!.data as { message_id: string };
    const [row] = await t.app.db.select().from(marketingMessages).where(eq(marketingMessages.id, message_id));
    expect(row!.status).toBe('incomplete');
    expect(row!.content).toBe(FRAMED_ANSWER.slice(0, 3).join(''));
    expect(row!.sections).toBeNull();
  });

  it('goes on with the analysis when the client leaves: stored complete with its sections, followed to its end', async () => {
    const tokens = FRAMED_ANSWER.flatMap((part) => [...part]);
    fake.next({ tokens, intervalMs: 8 });
    const left = await leaveAfter(t, admin, '/api/marketing/message/receive', { text: '中途离开的案例' });
    const followed = await follow(t, admin, '/api/marketing', left.messageId);
    expect(followed.events[0]!.data).toMatchObject({ replace: true });
    expect(String(followed.events[0]!.data.text).startsWith(left.received)).toBe(true);
    expect(followed.events.at(-1)).toEqual({ event: 'finish', data: { message_id: left.messageId, status: 'done' } });
    expect(followedText(followed.events)).toBe(FRAMED_ANSWER.join(''));
    const row = async () =>
      (await t.app.db.select().from(marketingMessages).where(eq(marketingMessages.id, left.messageId)))[0];
    const stored = (await row())!;
    expect(stored).toMatchObject({ status: 'done', content: FRAMED_ANSWER.join('') });
    expect(stored.sections?.insight).toContain('小仪式');
    const completion = await getJson<{ status: string; sections: MarketingSections | null }>(
      t,
      admin,
      '/api/marketing/message/completion',
      { message_id: left.messageId },
    );
    expect(completion.data).toMatchObject({ status: 'done' });
    expect(completion.data.sections).not.toBeNull();
    expect(fake.cancelled).toBe(0);
  });

  it('stops an analysis through the stop call only, and refuses another user’s analysis like an unknown one', async () => {
    const tokens = Array.from({ length: 200 }, (_, i) => `段${i} `);
    fake.next({ tokens, intervalMs: 40 });
    const left = await leaveAfter(t, admin, '/api/marketing/message/receive', { text: '要停下的案例' }, 2);
    const otherStop = await api(t, staff, {
      method: 'POST',
      url: '/api/marketing/message/stop',
      payload: { message_id: left.messageId },
    });
    const unknownStop = await api(t, staff, {
      method: 'POST',
      url: '/api/marketing/message/stop',
      payload: { message_id: 'doesnotexist123' },
    });
    expect(otherStop.statusCode).toBe(unknownStop.statusCode);
    expect(body(otherStop)).toEqual(body(unknownStop));
    expect(body(otherStop).code).toBe(4000);
    const other = await follow(t, staff, '/api/marketing', left.messageId);
    expect(JSON.parse(other.text).code).toBe(4000);

    const stopped = await api(t, admin, {
      method: 'POST',
      url: '/api/marketing/message/stop',
      payload: { message_id: left.messageId },
    });
    expect(body<{ status: string }>(stopped).data.status).toBe('aborted');
    const [row] = await t.app.db.select().from(marketingMessages).where(eq(marketingMessages.id, left.messageId));
    expect(row!.status).toBe('aborted');
    expect(row!.content.length).toBeLessThan(tokens.join('').length);
    expect(row!.sections).toBeNull();
  });

  it('continues a conversation with its history, and refuses another user’s conversation like an unknown one', async () => {
    fake.next({ tokens: FRAMED_ANSWER, intervalMs: 1 });
    const first = await receive(t, admin, { text: '第一轮描述' });
    const convId = String(first.events.at(-1)!.data.conv_id);
    fake.next({ tokens: ['## 背景\n补充'], intervalMs: 1 });
    const second = await receive(t, admin, { conv_id: convId, text: '补充：预算 200 万' });
    expect(second.events.at(-1)!.event).toBe('finish');
    const sent = fake.requests.at(-1)!.body.messages!;
    expect(sent.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(sent[1]!.content).toContain('第一轮描述');

    const foreign = await receive(t, staff, { conv_id: convId, text: '偷看' });
    expect(foreign.json).toMatchObject({ code: 4000 });
    const unknown = await receive(t, staff, { conv_id: 'nope', text: '偷看' });
    expect(unknown.json).toEqual(foreign.json);
    const detail = await getJson(t, staff, '/api/marketing/conversation/detail', { conv_id: convId });
    expect(detail.code).toBe(4000);
    expect(fake.requests.length).toBe(2);
  });

  it('refuses empty or oversized descriptions with Chinese messages', async () => {
    const empty = await receive(t, admin, { text: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.json).toMatchObject({ code: 4001, message: '参数 text 不合法：请描述案例内容或上传附件' });
    const long = await receive(t, admin, { text: '字'.repeat(18_001) });
    expect(long.json).toMatchObject({ code: 4001, message: '参数 text 不合法：不能超过18000个字' });
    expect(fake.requests.length).toBe(0);
  });

  const upload = async (token: string, filename: string, data: Buffer) => {
    const { payload, headers } = multipart({ filename, data });
    const res = await api(t, token, { method: 'POST', url: '/api/marketing/file/upload', payload, headers });
    return body<StoredFile>(res);
  };
  const statusOf = async (token: string, fileIds: string[]) =>
    body<MarketingAttachmentStatusResponse>(
      await api(t, token, { method: 'POST', url: '/api/marketing/file/status', payload: { file_ids: fileIds } }),
    );

  it('puts the text of attached documents into the prompt and names images; another user’s file is refused', async () => {
    const poster = await upload(admin, '海报.png', smallPng());
    const deck = await upload(
      admin,
      '复盘.pdf',
      await pdfOf(['Campaign recap.', 'Store scan rate rose to 12 percent and repeat buyers doubled.']),
    );
    const brief = await upload(admin, '简报.txt', Buffer.from('活动主题：三点钟的暂停。目标人群为城市白领。'));
    expect([poster.code, deck.code, brief.code]).toEqual([0, 0, 0]);
    // The composer sees each document's parse state; images are not parsed.
    const states = await settled(
      () => statusOf(admin, [poster.data.file_id, deck.data.file_id, brief.data.file_id]),
      (r) => r.data.list.every((d) => d.status === 'ready'),
    );
    expect(states.data.list.map((d) => d.file_id).sort()).toEqual([deck.data.file_id, brief.data.file_id].sort());
    expect((await statusOf(staff, [deck.data.file_id])).data.list).toEqual([]);

    fake.next({ tokens: FRAMED_ANSWER, intervalMs: 1 });
    const res = await receive(t, admin, {
      text: '见附件',
      file_ids: [poster.data.file_id, deck.data.file_id, brief.data.file_id],
    });
    expect(res.events.at(-1)!.event).toBe('finish');
    const prompt = fake.requests.at(-1)!.body.messages!.at(-1)!.content as string;
    expect(prompt).toContain('- 海报.png（图片）：目前无法识别图片内容');
    expect(prompt).toContain('附件 复盘.pdf（PDF） 的文字内容');
    expect(prompt).toContain('Store scan rate rose to 12 percent and repeat buyers doubled.');
    expect(prompt).toContain('活动主题：三点钟的暂停。目标人群为城市白领。');

    // A follow-up sends the earlier description with the same document text.
    fake.next({ tokens: FRAMED_ANSWER, intervalMs: 1 });
    const convId = String(res.events.at(-1)!.data.conv_id);
    await receive(t, admin, { conv_id: convId, text: '补充：预算五十万' });
    const history = fake.requests
      .at(-1)!
      .body.messages!.map((m) => m.content)
      .join('\n');
    expect(history).toContain('Store scan rate rose to 12 percent');

    const detail = await getJson<MarketingConversationDetail>(t, admin, '/api/marketing/conversation/detail', {
      conv_id: convId,
    });
    expect(detail.data.messages[0]!.attachments.map((a) => a.name)).toEqual(['海报.png', '复盘.pdf', '简报.txt']);

    const stolen = await receive(t, staff, { text: '别人的附件', file_ids: [poster.data.file_id] });
    expect(stolen.json).toMatchObject({ code: 4004 });
  });

  it('tells the model which document could not be read, and why', async () => {
    const broken = await upload(admin, '损坏.pdf', smallPdf());
    expect(broken.code).toBe(0);
    const failed = await settled(
      () => statusOf(admin, [broken.data.file_id]),
      (r) => r.data.list[0]?.status === 'failed',
    );
    expect(failed.data.list[0]!.reason).toMatch(/[\u4e00-\u9fff]/);
    fake.next({ tokens: FRAMED_ANSWER, intervalMs: 1 });
    const res = await receive(t, admin, { text: '见附件', file_ids: [broken.data.file_id] });
    expect(res.events.at(-1)!.event).toBe('finish');
    const prompt = fake.requests.at(-1)!.body.messages!.at(-1)!.content as string;
    expect(prompt).toContain(`- 损坏.pdf（PDF）：解析失败：${failed.data.list[0]!.reason}`);
  });
});

describe('marketing receive with the demo model', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await buildMarketingApp();
    admin = await tokenFor(t, 'admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers a labelled analysis in the frame, built from the description', async () => {
    const text =
      '某运动品牌在618期间联合跑步达人发起城市夜跑挑战。目标是提升年轻用户的品牌认知。活动在抖音和小红书投放，话题播放量达到3.2亿次。';
    const res = await receive(t, admin, { text });
    const answer = streamedText(res.events);
    expect(answer).toContain('**演示模型**');
    const finish = res.events.at(-1)!.data as { sections: MarketingSections };
    expect(res.events.at(-1)!.event).toBe('finish');
    expect(Object.values(finish.sections).filter((s) => s.length > 0)).toHaveLength(9);
    expect(finish.sections.background).toContain('某运动品牌在618期间联合跑步达人发起城市夜跑挑战。');
    expect(finish.sections.objective).toContain('目标是提升年轻用户的品牌认知。');
    expect(finish.sections.channels).toContain('抖音和小红书');
    expect(finish.sections.results).toContain('3.2亿次');
    expect(finish.sections.insight).toBe('描述中没有明确提到洞察。');
  });
});

describe('marketing quota', () => {
  let t: TestApp;
  let staff: string;
  let admin: string;

  beforeAll(async () => {
    t = await buildMarketingApp({ marketing: { quota: 1 } });
    staff = await tokenFor(t, 'staff');
    admin = await tokenFor(t, 'admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses an analysis beyond the window’s quota before anything is stored', async () => {
    expect((await receive(t, staff, { text: '第一个案例' })).events.at(-1)!.event).toBe('finish');
    const refused = await receive(t, staff, { text: '第二个案例' });
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ code: 4030, message: '本模块使用次数已用完，请稍后再试' });
    const rows = await t.app.db.select().from(marketingMessages);
    expect(rows.filter((r) => r.role === 'user').map((r) => r.content)).toEqual(['第一个案例']);
  });

  it('follows a quota rule of the console over the configured quota', async () => {
    // The configured quota (1) is used up above; a personal rule for marketing allows three a day.
    const set = await api(t, admin, {
      method: 'POST',
      url: QUOTA_API_PATHS.set,
      payload: { subject_type: 'user', subject: 'staff', module: 'marketing', limit: 3, period: 'day' },
    });
    expect(body(set).code).toBe(0);
    expect((await receive(t, staff, { text: '第二个案例' })).events.at(-1)!.event).toBe('finish');
    expect((await receive(t, staff, { text: '第三个案例' })).events.at(-1)!.event).toBe('finish');
    const refused = await receive(t, staff, { text: '第四个案例' });
    expect(refused.json).toMatchObject({ code: 4030 });
  });
});

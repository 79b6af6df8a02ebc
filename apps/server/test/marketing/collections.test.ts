import type {
  MarketingCollectList,
  MarketingCollectTotal,
  MarketingCollection,
  MarketingConversationDetail,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helper';
import { tokenFor } from '../chat/helpers';
import { buildMarketingApp, getJson, postJson, receive } from './helpers';

let t: TestApp;
let admin: string;
let staff: string;

beforeAll(async () => {
  t = await buildMarketingApp();
  admin = await tokenFor(t, 'admin');
  staff = await tokenFor(t, 'staff');
});
afterAll(async () => {
  await t?.close();
});

/** Analyses a description with the demo model; answers the analysis's ids. */
async function analyse(token: string, text: string): Promise<{ convId: string; messageId: string }> {
  const res = await receive(t, token, { text });
  const finish = res.events.at(-1)!;
  expect(finish.event).toBe('finish');
  return { convId: String(finish.data.conv_id), messageId: String(finish.data.message_id) };
}

const collect = (token: string, payload: Record<string, unknown>) =>
  postJson<MarketingCollection>(t, token, '/api/marketing/collect/create', payload);
const list = (token: string, query: Record<string, string> = {}) =>
  getJson<MarketingCollectList>(t, token, '/api/marketing/collect/list', query);
const total = (token: string) => getJson<MarketingCollectTotal>(t, token, '/api/marketing/collect/total');

describe('marketing collections', () => {
  it('names the analysis and its collection by whole clauses, not 20 characters cut mid-phrase', async () => {
    const luckin = await analyse(
      staff,
      '瑞幸咖啡与茅台联名推出“酱香拿铁”，2023年9月4日上市首日销量突破542万杯，销售额破1亿元。',
    );
    const detail = await getJson<MarketingConversationDetail>(t, staff, '/api/marketing/conversation/detail', {
      conv_id: luckin.convId,
    });
    expect(detail.data.conversation.title).toBe('瑞幸咖啡与茅台联名推出“酱香拿铁”');
    const saved = await collect(staff, { message_id: luckin.messageId });
    expect(saved.data.title).toBe('瑞幸咖啡与茅台联名推出“酱香拿铁”');
    await postJson(t, staff, '/api/marketing/collect/delete', { collect_id: saved.data.collect_id });
  });

  it('saves analyses with tags and a note, filters by tag, searches, pages and counts', async () => {
    const tea = await analyse(staff, '某茶饮品牌在小红书发起下午茶挑战，目标是提升年轻用户认知。');
    const run = await analyse(staff, '某运动品牌联合跑步达人做城市夜跑，抖音播放量3亿次。');
    const car = await analyse(staff, '某汽车品牌在春节推出回家短片。');

    const saved = await collect(staff, {
      message_id: tea.messageId,
      tags: ['茶饮', '小红书', '茶饮'],
      note: '节点营销',
    });
    expect(saved.code).toBe(0);
    expect(saved.data).toMatchObject({
      message_id: tea.messageId,
      conv_id: tea.convId,
      title: '某茶饮品牌在小红书发起下午茶挑战',
      tags: ['茶饮', '小红书'],
      note: '节点营销',
    });
    expect(saved.data.sections.channels).toContain('小红书');
    expect((await collect(staff, { message_id: run.messageId, title: '夜跑', tags: ['运动', '抖音'] })).code).toBe(0);
    expect((await collect(staff, { message_id: car.messageId, tags: ['汽车'] })).code).toBe(0);

    const all = await list(staff);
    expect(all.data.total).toBe(3);
    expect(all.data.list.map((c) => c.message_id)).toEqual([car.messageId, run.messageId, tea.messageId]);

    const byTag = await list(staff, { tag: '运动' });
    expect(byTag.data.list.map((c) => c.title)).toEqual(['夜跑']);
    expect(byTag.data.total).toBe(1);
    expect((await list(staff, { keyword: '节点' })).data.list.map((c) => c.message_id)).toEqual([tea.messageId]);
    expect((await list(staff, { keyword: '春节' })).data.list.map((c) => c.message_id)).toEqual([car.messageId]);
    expect((await list(staff, { keyword: '100%_' })).data.total).toBe(0);

    const page2 = await list(staff, { page: '2', page_size: '2' });
    expect(page2.data).toMatchObject({ total: 3, page: 2, page_size: 2 });
    expect(page2.data.list.map((c) => c.message_id)).toEqual([tea.messageId]);

    const counts = await total(staff);
    expect(counts.data.total).toBe(3);
    expect(counts.data.tags).toEqual(
      expect.arrayContaining([
        { tag: '茶饮', count: 1 },
        { tag: '运动', count: 1 },
        { tag: '汽车', count: 1 },
      ]),
    );

    // The conversation marks the saved analysis; saving again updates tags and note, not the count.
    const detail = await getJson<MarketingConversationDetail>(t, staff, '/api/marketing/conversation/detail', {
      conv_id: tea.convId,
    });
    expect(detail.data.messages[1]!.collect_id).toBe(saved.data.collect_id);
    const again = await collect(staff, { message_id: tea.messageId, tags: ['茶饮'], note: '改过的备注' });
    expect(again.data).toMatchObject({ collect_id: saved.data.collect_id, tags: ['茶饮'], note: '改过的备注' });
    expect((await total(staff)).data.total).toBe(3);

    const deleted = await postJson(t, staff, '/api/marketing/collect/delete', { collect_id: saved.data.collect_id });
    expect(deleted.code).toBe(0);
    expect((await total(staff)).data.total).toBe(2);
    const twice = await postJson(t, staff, '/api/marketing/collect/delete', { collect_id: saved.data.collect_id });
    expect(twice.code).toBe(4000);
  });

  it('answers another user’s analysis or collection like an unknown one', async () => {
    const mine = await analyse(admin, '管理员的案例：某家电品牌的以旧换新活动。');
    const saved = await collect(admin, { message_id: mine.messageId, tags: ['家电'] });
    expect(saved.code).toBe(0);

    const foreignCollect = await collect(staff, { message_id: mine.messageId });
    const unknownCollect = await collect(staff, { message_id: 'no-such-message' });
    expect(foreignCollect).toMatchObject({ code: 4000, message: '该内容不存在或已被删除' });
    expect(unknownCollect).toEqual(foreignCollect);

    const foreignDelete = await postJson(t, staff, '/api/marketing/collect/delete', {
      collect_id: saved.data.collect_id,
    });
    expect(foreignDelete.code).toBe(4000);
    expect((await list(admin)).data.list.map((c) => c.collect_id)).toEqual([saved.data.collect_id]);
    expect((await list(staff, { tag: '家电' })).data.total).toBe(0);
  });

  it('refuses bad input with Chinese messages', async () => {
    const { messageId } = await analyse(admin, '某饮料品牌的夏季活动。');
    expect(await collect(admin, { message_id: messageId, title: '   ' })).toMatchObject({
      code: 4001,
      message: '参数 title 不合法：收藏名称不能为空',
    });
    expect(await collect(admin, { message_id: messageId, tags: ['x'.repeat(10_000)] })).toMatchObject({
      code: 4001,
      message: '参数 tags.0 不合法：每个标签不能超过20个字',
    });
    expect(await collect(admin, { message_id: messageId, note: '备'.repeat(501) })).toMatchObject({
      code: 4001,
      message: '参数 note 不合法：备注不能超过500个字',
    });
    expect((await list(admin, { page_size: '500' })).message).toBe('参数 page_size 不合法：不能大于50');
  });
});

describe('marketing rights', () => {
  let gated: TestApp;
  let staffToken: string;

  beforeAll(async () => {
    gated = await buildMarketingApp({
      rules: [{ subject_type: 'user', subject: 'staff', app_key: 'marketing', effect: 'deny' }],
    });
    staffToken = await tokenFor(gated, 'staff');
  });
  afterAll(async () => {
    await gated?.close();
  });

  it('refuses every marketing call to a user without the app', async () => {
    const res = await receive(gated, staffToken, { text: '无权限' });
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ code: 4003, message: '您没有使用该应用的权限', data: null });
    for (const url of [
      '/api/marketing/collect/list',
      '/api/marketing/collect/total',
      '/api/marketing/conversation/list',
    ]) {
      expect((await getJson(gated, staffToken, url)).code, url).toBe(4003);
    }
    expect((await postJson(gated, staffToken, '/api/marketing/collect/create', { message_id: 'x' })).code).toBe(4003);
  });

  it('requires sign-in', async () => {
    const res = await gated.app.inject({ method: 'GET', url: '/api/marketing/collect/total' });
    expect(res.statusCode).toBe(401);
  });
});

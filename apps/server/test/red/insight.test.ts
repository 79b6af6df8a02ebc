import type {
  RedArticleList,
  RedArticleTotal,
  RedCollectionList,
  RedHighQuality,
  RedNoteDetail,
  RedSceneInsight,
  RedSentimentAnalysis,
  RedSentimentDetail,
  RedSubscription,
  RedTopicList,
} from '@portal/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenFor } from '../chat/helpers';
import { api, type TestApp } from '../helper';
import { buildRedApp, getJson, postJson } from './helpers';

let t: TestApp;
let admin: string;
let staff: string;
let projectId: number;
const HOUR = 3_600_000;
const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * HOUR).toISOString();
const chinaDate = (ms: number) => new Date(ms + 8 * HOUR).toISOString().slice(0, 10);
/** The last 7 China days: n1–n4 inside, old1 in the 7 days before. */
const week = { start: chinaDate(Date.now() - 6 * 24 * HOUR), end: chinaDate(Date.now()) };

/** Notes with known answers, pushed through the module's own writer. */
async function seed() {
  const saved = await postJson<{ project_id: number }>(t, admin, '/api/red/admin/project/save', {
    name: '测试品类',
    brands: [
      { name: '澄光', aliases: ['CG', '澄光家'], products: [{ name: '小金瓶', aliases: ['金瓶精华'] }] },
      { name: '木槿', aliases: ['MUJIN'], products: [] },
    ],
  });
  expect(saved.code).toBe(0);
  projectId = saved.data.project_id;
  const notes = [
    // Topic 上升话题: small before, large inside the 7-day window.
    {
      note_id: 'n1',
      title: '澄光家的精华真的很好用',
      content: '早八通勤前用，保湿不油腻，会回购',
      likes: 900,
      collects: 100,
      comments: 10,
      shares: 5,
      topics: ['上升话题'],
      published_at: at(10),
    },
    {
      note_id: 'n2',
      title: 'CG 新品踩雷',
      content: '用完闷痘，避雷，再也不买了',
      likes: 50,
      collects: 5,
      comments: 30,
      shares: 1,
      topics: ['上升话题', '避雷合集'],
      published_at: at(30),
    },
    {
      note_id: 'n3',
      title: '金瓶精华测评',
      content: '一般般，没什么感觉',
      likes: 10,
      collects: 1,
      comments: 1,
      shares: 0,
      topics: ['平稳话题'],
      published_at: at(50),
    },
    {
      note_id: 'n4',
      title: 'MUJIN面霜',
      content: '熬夜加班的晚上涂，很舒服很滋润，推荐',
      likes: 300,
      collects: 30,
      comments: 3,
      shares: 3,
      topics: ['平稳话题'],
      published_at: at(60),
    },
    {
      note_id: 'n5',
      title: '和品牌无关的笔记',
      content: '今天天气不错',
      likes: 5000,
      collects: 10,
      comments: 0,
      shares: 0,
      topics: ['大话题'],
      published_at: at(5),
    },
    // Before the window: 平稳话题 was as big then; 大话题 and 上升话题 were small.
    {
      note_id: 'old1',
      title: '澄光旧笔记',
      content: '还行',
      likes: 320,
      collects: 10,
      comments: 0,
      shares: 0,
      topics: ['平稳话题'],
      published_at: at(24 * 9),
    },
    {
      note_id: 'old2',
      title: '旧的上升话题',
      content: '记录',
      likes: 5,
      collects: 0,
      comments: 0,
      shares: 0,
      topics: ['上升话题'],
      published_at: at(24 * 10),
    },
    {
      note_id: 'old3',
      title: '旧大话题',
      content: '记录',
      likes: 4900,
      collects: 0,
      comments: 0,
      shares: 0,
      topics: ['大话题'],
      published_at: at(24 * 10),
    },
    // Written with an ASCII alias inside a longer word: not a mention.
    {
      note_id: 'n6',
      title: 'CGI 动画好看',
      content: '很精彩',
      likes: 1,
      collects: 0,
      comments: 0,
      shares: 0,
      topics: [],
      published_at: at(3),
    },
  ];
  const key = 'red-test-push-key-000000';
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/red/push?source=test',
    headers: { 'x-red-push-key': key },
    payload: { notes },
  });
  expect(res.json()).toMatchObject({ code: 0, data: { imported: notes.length } });
}

beforeAll(async () => {
  t = await buildRedApp(0, [{ source: 'test', key: 'red-test-push-key-000000' }]);
  admin = await tokenFor(t, 'admin');
  staff = await tokenFor(t, 'staff');
  await seed();
});
afterAll(async () => {
  await t?.close();
});

describe('red analysis on known data', () => {
  it('matches brands and products through aliases, with ASCII aliases on word edges', async () => {
    const list = await getJson<RedArticleList>(t, staff, '/api/red/insight/article_list', {
      project_id: projectId,
      page_size: 50,
      ...week,
    });
    const brands = Object.fromEntries(list.data.list.map((n) => [n.note_id, n.brands]));
    expect(brands).toEqual({ n1: ['澄光'], n2: ['澄光'], n3: ['澄光'], n4: ['木槿'] });
    const products = Object.fromEntries(list.data.list.map((n) => [n.note_id, n.products]));
    expect(products.n3).toEqual(['小金瓶']);
    const byAlias = await getJson<RedArticleList>(t, staff, '/api/red/insight/article_list', {
      project_id: projectId,
      brand: 'mujin',
    });
    expect(byAlias.data.list.map((n) => n.note_id)).toEqual(['n4']);
    const unknownBrand = await getJson<RedArticleList>(t, staff, '/api/red/insight/article_list', { brand: '不存在' });
    expect(unknownBrand.data).toEqual({ list: [], total: 0 });
  });

  it('matches notes again when the dictionary changes', async () => {
    const saved = await postJson<{ project_id: number }>(t, admin, '/api/red/admin/project/save', {
      name: '新品类',
      brands: [{ name: '动画', aliases: ['CGI'], products: [] }],
    });
    expect(saved.code).toBe(0);
    // The re-matching is a background job: allow a busy two-core machine a minute for it.
    const deadline = Date.now() + 60_000;
    let list: RedArticleList = { list: [], total: 0 };
    while (list.total === 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      list = (
        await getJson<RedArticleList>(t, staff, '/api/red/insight/article_list', { project_id: saved.data.project_id })
      ).data;
    }
    expect(list.list.map((n) => n.note_id)).toEqual(['n6']);
    // The daily counts are rebuilt once every note is matched again (the job's last step).
    let total = 0;
    while (total === 0 && Date.now() < deadline) {
      total = (
        await getJson<RedArticleTotal>(t, staff, '/api/red/insight/article_total', {
          project_id: saved.data.project_id,
          ...week,
        })
      ).data.total;
      if (total === 0) await new Promise((r) => setTimeout(r, 100));
    }
    expect(total).toBe(1);
  }, 120_000);

  it('ranks hot topics by weighted interactions and growth, and lists new topics', async () => {
    const hot = await getJson<RedTopicList>(t, staff, '/api/red/rank/topic_list', { sort: 'hot', time: '7d' });
    expect(hot.code).toBe(0);
    // 上升话题: 900+200+30+20 + 50+10+90+4 = 1304 now, 5 before → heat 1304 + 649.5.
    // 大话题: 5000+20 = 5020 now, 4900 before → heat 5020 + 60. 平稳话题: 10+2+3 + 300+60+9+12 = 396, before 340.
    expect(hot.data.list.map((r) => r.topic)).toEqual(['大话题', '上升话题', '平稳话题', '避雷合集']);
    const rising = hot.data.list.find((r) => r.topic === '上升话题')!;
    expect(rising).toMatchObject({ note_count: 2, interactions: 1101, heat: 1304 + Math.round((1304 - 5) / 2) });
    expect(rising.growth).toBeGreaterThan(100);
    const newest = await getJson<RedTopicList>(t, staff, '/api/red/rank/topic_list', { sort: 'newest', time: '7d' });
    expect(newest.data.list.map((r) => r.topic)).toEqual(['避雷合集']);
    const day = await getJson<RedTopicList>(t, staff, '/api/red/rank/topic_list', { sort: 'hot', time: '1d' });
    expect(day.data.list.map((r) => r.topic)).toEqual(['大话题', '上升话题']);
    const bad = await getJson(t, staff, '/api/red/rank/topic_list', { time: '99d' });
    expect(bad.status).toBe(400);
    expect(bad.message).toContain('时间范围无效');
  });

  it('answers volume, sentiment with its sentences, scenes and what top notes share', async () => {
    const q = { project_id: projectId, ...week };
    const total = await getJson<RedArticleTotal>(t, staff, '/api/red/insight/article_total', q);
    expect(total.data).toMatchObject({ total: 4, previous_total: 1 });
    expect(total.data.trend).toHaveLength(7);
    const sentiment = await getJson<RedSentimentAnalysis>(t, staff, '/api/red/insight/sentiment_analysis', q);
    expect(sentiment.data).toMatchObject({ positive: 2, negative: 1, neutral: 1 });
    const detail = await getJson<RedSentimentDetail>(t, staff, '/api/red/insight/sentiment_analysis_detail', {
      ...q,
      polarity: 'negative',
    });
    expect(detail.data.list[0]).toMatchObject({ note_id: 'n2', brands: ['澄光'] });
    expect(detail.data.list.map((s) => s.sentence.text).join()).toContain('避雷');
    const scenes = await getJson<RedSceneInsight>(t, staff, '/api/red/insight/scene_insight', q);
    expect(scenes.data.scenes.map((s) => s.scene).sort()).toEqual(['熬夜夜间', '通勤上班'].sort());
    const high = await getJson<RedHighQuality>(t, staff, '/api/red/insight/high_quality_note_analysis', q);
    expect(high.data).toMatchObject({ total: 4, high_count: 1, threshold: 1015 });
    expect(high.data.hours).toHaveLength(24);
    // One brand from the daily counts, and the same with a keyword from the notes themselves.
    const brand = await getJson<RedArticleTotal>(t, staff, '/api/red/insight/article_total', { ...q, brand: '澄光' });
    expect(brand.data).toMatchObject({ total: 3, interactions: 1015 + 86 + 12, previous_total: 1 });
    const byKeyword = await getJson<RedArticleTotal>(t, staff, '/api/red/insight/article_total', {
      ...q,
      brand: '澄光',
      keyword: '精华',
    });
    expect(byKeyword.data.total).toBe(2);
    const brandSentiment = await getJson<RedSentimentAnalysis>(t, staff, '/api/red/insight/sentiment_analysis', {
      ...q,
      brand: 'CG',
    });
    expect(brandSentiment.data).toMatchObject({ positive: 1, negative: 1, neutral: 1 });
    const neg = await getJson<RedArticleList>(t, staff, '/api/red/insight/article_list', {
      ...q,
      sentiment: 'negative',
    });
    expect(neg.data.list.map((n) => n.note_id)).toEqual(['n2']);
    const badRange = await getJson(t, staff, '/api/red/insight/article_total', {
      start: '2026-05-02',
      end: '2026-05-01',
    });
    expect(badRange.status).toBe(400);
  });

  it('exports exactly the filtered notes as xlsx', async () => {
    const filter = { project_id: projectId, brand: '澄光', ...week };
    const list = await getJson<RedArticleList>(t, staff, '/api/red/insight/article_list', filter);
    const res = await api(t, staff, {
      method: 'GET',
      url: `/api/red/insight/export_articles?${new URLSearchParams({ ...filter, project_id: String(projectId) })}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const ids: string[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) ids.push(String(row.getCell(1).value));
    });
    expect(ids).toEqual(list.data.list.map((n) => n.note_id));
    expect(ids.sort()).toEqual(['n1', 'n2', 'n3']);
    expect(sheet.getRow(1).getCell(2).value).toBe('标题');
  });
});

describe('red subscriptions and collections', () => {
  it('keeps each user’s subscriptions and collections to themselves', async () => {
    const brands = await getJson<{ brand_id: number; name: string }[]>(
      t,
      staff,
      '/api/red/project/brand_product_list',
      { project_id: projectId },
    );
    const brand = brands.data.find((b) => b.name === '木槿')!;
    expect((await postJson(t, staff, '/api/red/project/subscribe_brand', { brand_id: brand.brand_id })).code).toBe(0);
    const mine = await getJson<RedSubscription[]>(t, staff, '/api/red/project/subscribe_project_list');
    expect(mine.data).toEqual([
      {
        project_id: projectId,
        name: '测试品类',
        is_sample: false,
        brands: [{ brand_id: brand.brand_id, name: '木槿' }],
      },
    ]);
    expect((await getJson<RedSubscription[]>(t, admin, '/api/red/project/subscribe_project_list')).data).toEqual([]);

    expect((await postJson(t, staff, '/api/red/insight/collect', { note_id: 'n1' })).code).toBe(0);
    const collected = await getJson<RedCollectionList>(t, staff, '/api/red/collect/article_collection_list');
    expect(collected.data.list.map((n) => n.note_id)).toEqual(['n1']);
    expect((await getJson<RedCollectionList>(t, admin, '/api/red/collect/article_collection_list')).data.total).toBe(0);
    const detailForAdmin = await getJson<RedNoteDetail>(t, admin, '/api/red/insight/article_detail', { note_id: 'n1' });
    expect(detailForAdmin.data.collected).toBe(false);
    expect(
      (await getJson<RedNoteDetail>(t, staff, '/api/red/insight/article_detail', { note_id: 'n1' })).data.collected,
    ).toBe(true);

    const gone = await postJson(t, staff, '/api/red/insight/collect', { note_id: 'no-such-note' });
    expect(gone.code).toBe(4000);
    const goneBrand = await postJson(t, staff, '/api/red/project/subscribe_brand', { brand_id: 999999 });
    expect(goneBrand.code).toBe(4000);
    expect((await postJson(t, staff, '/api/red/insight/collect', { note_id: 'n1', collect: false })).code).toBe(0);
    expect((await getJson<RedCollectionList>(t, staff, '/api/red/collect/article_collection_list')).data.total).toBe(0);
  });

  it('refuses the dictionary to staff', async () => {
    const res = await postJson(t, staff, '/api/red/admin/project/save', { name: 'x', brands: [] });
    expect(res.status).toBe(403);
  });
});

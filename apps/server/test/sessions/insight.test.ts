import {
  type CheckDocStatusResponse,
  type SessionAsyncAskResponse,
  type SessionFile,
  type SessionMessage,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helper';
import { buildSessionsApp, docxOf, eventually, get, post, streamPost, tokenFor, upload, xlsxOf } from './helpers';

const REVIEWS = [
  '评论',
  '咖啡很好喝，店员也很热情，非常满意',
  '等了四十分钟才拿到外卖，太慢了，我要投诉',
  '希望能增加燕麦奶的选项',
  '包装很精致，收到时很惊喜',
  '价格有点贵，希望会员能有折扣',
  '外卖洒了一半，太差了，很失望',
];

describe('insight: customer voice to an evidence-backed report', () => {
  let t: TestApp;
  let admin = '';
  let sessionId = '';
  let csvId = '';

  const ready = (ids: string[]) =>
    eventually(
      () =>
        post<CheckDocStatusResponse>(t, admin, '/api/insight/file/check_doc_status', {
          session_id: sessionId,
          file_ids: ids,
        }),
      (r) => r.code === 0 && r.data.settled,
    );

  beforeAll(async () => {
    t = await buildSessionsApp();
    admin = await tokenFor(t, 'admin');
  });
  afterAll(async () => t?.close());

  it('parses csv, xlsx and docx uploads into one text per row or paragraph', async () => {
    const csv = await upload<SessionFile>(t, admin, 'insight', '评论.csv', Buffer.from(REVIEWS.join('\n')));
    expect(csv.env.code).toBe(0);
    sessionId = csv.env.data.session_id;
    csvId = csv.env.data.file_id;
    const xlsx = await upload<SessionFile>(
      t,
      admin,
      'insight',
      '访谈.xlsx',
      await xlsxOf([
        ['用户', '反馈'],
        ['王女士', '门店环境很舒服，推荐给朋友'],
        ['李先生', '担心隐私，不想填手机号'],
      ]),
      sessionId,
    );
    const docx = await upload<SessionFile>(
      t,
      admin,
      'insight',
      '访谈纪要.docx',
      docxOf(['访谈一：用户觉得小程序点单很方便。', '访谈二：用户建议增加夜间营业。']),
      sessionId,
    );
    const ids = [csvId, xlsx.env.data.file_id, docx.env.data.file_id];
    const settled = await ready(ids);
    expect(settled.data.list.map((d) => [d.status, d.page_count])).toEqual([
      ['ready', 6],
      ['ready', 2],
      ['ready', null],
    ]);
    expect(settled.data.list[0]!.chunk_count).toBe(6);
  });

  it('writes a report whose emotions, claims and personas quote their source rows', async () => {
    const { events } = await streamPost(t, admin, '/api/insight/message/receive', {
      session_id: sessionId,
      action: 'report',
    });
    const message = events.find((e) => e.event === 'finish')!.data.message as SessionMessage;
    expect(message).toMatchObject({ kind: 'report', status: 'done', demo: true });
    if (message.data?.kind !== 'report') throw new Error(`expected a report: ${message.content}`);
    const report = message.data.report;
    expect(report.voice_count).toBe(10);
    // Every voice has one emotion (neutral when none shows): the slices cover all the rows.
    expect(report.emotions.reduce((n, e) => n + e.count, 0)).toBe(10);
    expect(report.emotions.reduce((n, e) => n + e.share, 0)).toBeCloseTo(1);
    const anger = report.emotions.find((e) => e.emotion === 'anger')!;
    expect(anger.count).toBe(1);
    expect(anger.share).toBeCloseTo(1 / 10);
    expect(anger.evidence[0]).toEqual({
      quote: '等了四十分钟才拿到外卖，太慢了，我要投诉',
      file_id: csvId,
      file_name: '评论.csv',
      page: null,
      row: 2,
    });
    expect(report.needs.length).toBeGreaterThan(0);
    expect(report.pain_points.length).toBeGreaterThan(0);
    expect(report.delights.length).toBeGreaterThan(0);
    expect(report.personas.length).toBeGreaterThan(0);
    // Every quote is a real voice at the position it names.
    for (const claim of [...report.needs, ...report.pain_points, ...report.delights]) {
      for (const e of claim.evidence) {
        if (e.file_id === csvId) expect(REVIEWS[e.row!]).toBe(e.quote);
      }
    }
    const xlsxVoice = report.emotions.flatMap((e) => e.evidence).find((e) => e.file_name === '访谈.xlsx');
    expect(xlsxVoice?.row).toBeGreaterThan(0);
    expect(message.content).toContain('情绪分布');
  });

  it('reads only the comment column of an export with id, date and channel columns', async () => {
    const exported = [
      'id,日期,渠道,评论',
      '1001,2024-05-01,App,咖啡很好喝，店员也很热情，非常满意',
      '1002,2024-05-01,门店,等了四十分钟才拿到外卖，太慢了，我要投诉',
      '1003,2024-05-02,App,希望能增加燕麦奶的选项',
      '1004,2024-05-02,小程序,今天下雨了',
      '1005,2024-05-03,门店,价格有点贵，希望会员能有折扣',
      '1006,2024-05-03,App,外卖洒了一半，太差了，很失望',
    ];
    const session = (await post<{ session_id: string }>(t, admin, '/api/insight/session/create', {})).data.session_id;
    const file = await upload<SessionFile>(t, admin, 'insight', '导出.csv', Buffer.from(exported.join('\n')), session);
    await eventually(
      () =>
        post<CheckDocStatusResponse>(t, admin, '/api/insight/file/check_doc_status', {
          session_id: session,
          file_ids: [file.env.data.file_id],
        }),
      (r) => r.code === 0 && r.data.settled,
    );
    const { events } = await streamPost(t, admin, '/api/insight/message/receive', {
      session_id: session,
      action: 'report',
    });
    const message = events.find((e) => e.event === 'finish')!.data.message as SessionMessage;
    if (message.data?.kind !== 'report') throw new Error(`expected a report: ${message.content}`);
    const report = message.data.report;
    expect(report.voice_count).toBe(6);
    const comments = exported.slice(1).map((line) => line.split(',').slice(3).join(','));
    const quotes = [
      ...report.emotions.flatMap((e) => e.evidence),
      ...[...report.needs, ...report.pain_points, ...report.delights].flatMap((c) => c.evidence),
    ].map((e) => [e.row, e.quote]);
    for (const [row, quote] of quotes) expect(quote).toBe(comments[(row as number) - 1]);
    const titles = [...report.needs, ...report.pain_points, ...report.delights].map((c) => c.title).join(' ');
    expect(titles).not.toMatch(/id|渠道|日期|App|门店|2024/);
    expect(report.emotions.reduce((n, e) => n + e.count, 0)).toBe(6);
    expect(report.emotions.find((e) => e.emotion === 'neutral')?.evidence[0]?.quote).toBe('今天下雨了');
  });

  it('reads pasted voices too, citing their line', async () => {
    const started = await post<SessionAsyncAskResponse>(t, admin, '/api/insight/prompt/asyncAsk', {
      action: 'report',
      text: '第一次用就爱了，太方便了\n\n客服态度恶心，再也不来了',
    });
    expect(started.code).toBe(0);
    expect(started.data.session_id).not.toBe(sessionId);
    const done = await eventually(
      () => get<SessionMessage>(t, admin, '/api/insight/prompt/getCompletion', { message_id: started.data.message_id }),
      (r) => r.code === 0 && r.data.status !== 'generating',
    );
    if (done.data.data?.kind !== 'report') throw new Error('expected a report');
    expect(done.data.data.report.voice_count).toBe(2);
    const disgust = done.data.data.report.emotions.find((e) => e.emotion === 'disgust');
    expect(disgust?.evidence[0]).toMatchObject({ file_id: null, file_name: '粘贴内容', row: 3 });
  });

  it('answers a follow-up question citing the row', async () => {
    const { events } = await streamPost(t, admin, '/api/insight/prompt/askStream', {
      session_id: sessionId,
      prompt: '用户对燕麦奶有什么期待？',
    });
    const message = events.find((e) => e.event === 'finish')!.data.message as SessionMessage;
    expect(message.citations[0]).toMatchObject({ file_id: csvId, row: 3, page: null });
    expect(message.content).toContain('第3行');
  });

  it('refuses a report with nothing to read', async () => {
    const empty = await post(t, admin, '/api/insight/prompt/asyncAsk', { action: 'report' });
    expect(empty.code).toBe(4001);
    const wrongModule = await post(t, admin, '/api/pdf/prompt/asyncAsk', { action: 'report', text: '很好' });
    expect(wrongModule.code).toBe(4001);
  });
});

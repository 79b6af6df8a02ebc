import type { SessionAsyncAskResponse, SessionFile, SessionMessage } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { llmConfigSchema } from '../../src/services/llm';
import type { TestApp } from '../helper';
import { startFakeUpstream, type FakeUpstream } from '../llm/fake-upstream';
import { buildSessionsApp, eventually, get, pdfOf, post, streamPost, tokenFor, upload } from './helpers';

/** The session tools on a configured model: the fake upstream answers every task. */
describe('session tools on a configured model', () => {
  let fake: FakeUpstream;
  let t: TestApp;
  let admin = '';

  const finished = (module: string, messageId: string) =>
    eventually(
      () => get<SessionMessage>(t, admin, `/api/${module}/prompt/getCompletion`, { message_id: messageId }),
      (r) => r.code === 0 && r.data.status !== 'generating',
    );

  beforeAll(async () => {
    fake = await startFakeUpstream();
    const target = (model: string) => ({ provider: 'fake', model });
    t = await buildSessionsApp({
      config: (c) => ({
        ...c,
        providers: llmConfigSchema.parse({
          endpoints: { fake: { baseUrl: fake.baseUrl, retries: 0, idleTimeoutMs: 5_000 } },
          tasks: { brainstorm: target('idea-model'), insight: target('insight-model'), pdf: target('doc-model') },
        }),
      }),
    });
    admin = await tokenFor(t, 'admin');
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('validates the idea cards of a fenced JSON reply and asks with the method', async () => {
    const reply = JSON.stringify({
      ideas: [
        { title: '夜间咖啡', pitch: '晚上卖低因咖啡', why: '错峰', risks: ['人手'] },
        { title: '咖啡订阅', pitch: '按月配送豆子', why: '稳定复购', risks: [] },
      ],
    });
    fake.next({ tokens: ['```json\n', reply.slice(0, 40), reply.slice(40), '\n```'] });
    const started = await post<SessionAsyncAskResponse>(t, admin, '/api/brainstorm/prompt/asyncAsk', {
      action: 'round',
      prompt: '咖啡店复购',
      method: 'reverse',
    });
    const done = await finished('brainstorm', started.data.message_id);
    expect(done.data.demo).toBe(false);
    if (done.data.data?.kind !== 'ideas') throw new Error('expected a round');
    expect(done.data.data.round.cards.map((c) => c.title)).toEqual(['夜间咖啡', '咖啡订阅']);
    const request = fake.chatRequests.at(-1)!.body;
    expect(request.model).toBe('idea-model');
    expect(request.messages?.[0]?.role).toBe('system');
    expect(request.messages?.[0]?.content).toContain('逆向思维');
    expect(request.messages?.[1]?.content).toContain('主题：咖啡店复购');
  });

  it('keeps a malformed structured reply as plain text instead of failing', async () => {
    fake.next({ tokens: ['抱歉，我先列几个想法：', '1. 夜间营业'] });
    const started = await post<SessionAsyncAskResponse>(t, admin, '/api/brainstorm/prompt/asyncAsk', {
      action: 'round',
      prompt: '咖啡店复购',
    });
    const done = await finished('brainstorm', started.data.message_id);
    expect(done.data).toMatchObject({ status: 'done', kind: 'ideas', data: null });
    expect(done.data.content).toBe('抱歉，我先列几个想法：1. 夜间营业');
  });

  it('drops report claims that point at voices that do not exist', async () => {
    const reply = JSON.stringify({
      summary: '用户总体满意',
      emotions: [
        { emotion: 'joy', voices: [1, 99] },
        { emotion: 'rage', voices: [2] },
      ],
      needs: [{ title: '更快配送', detail: '', voices: [2] }],
      pain_points: [{ title: '编造的痛点', detail: '', voices: [42] }],
      delights: [],
      personas: [],
    });
    fake.next({ tokens: [reply] });
    const started = await post<SessionAsyncAskResponse>(t, admin, '/api/insight/prompt/asyncAsk', {
      action: 'report',
      text: '很好喝\n配送太慢',
    });
    const done = await finished('insight', started.data.message_id);
    if (done.data.data?.kind !== 'report') throw new Error('expected a report');
    const report = done.data.data.report;
    expect(report.emotions).toEqual([
      expect.objectContaining({
        emotion: 'joy',
        count: 1,
        share: 0.5,
        evidence: [expect.objectContaining({ quote: '很好喝', row: 1 })],
      }),
    ]);
    expect(report.needs[0]!.evidence[0]!.quote).toBe('配送太慢');
    expect(report.pain_points).toEqual([]);
    expect(fake.chatRequests.at(-1)!.body.messages?.[1]?.content).toContain('[2] 配送太慢');
  });

  it('sends the retrieved passages with their pages to the model and streams its answer', async () => {
    const { env } = await upload<SessionFile>(
      t,
      admin,
      'pdf',
      'plan.pdf',
      await pdfOf(['Intro page about the plan.', 'The budget for 2026 is 3 million yuan.']),
    );
    await eventually(
      () => post<{ settled: boolean }>(t, admin, '/api/pdf/file/check_doc_status', { session_id: env.data.session_id }),
      (r) => r.data.settled,
    );
    fake.next({ tokens: ['预算为 300 万元', ' [1]'] });
    const { events } = await streamPost(t, admin, '/api/pdf/message/receive', {
      session_id: env.data.session_id,
      prompt: 'What is the budget for 2026?',
    });
    const message = events.find((e) => e.event === 'finish')!.data.message as SessionMessage;
    expect(message).toMatchObject({ content: '预算为 300 万元 [1]', demo: false });
    expect(message.citations[0]!.page).toBe(2);
    const system = fake.chatRequests.at(-1)!.body.messages?.[0]?.content ?? '';
    expect(system).toContain('[1]《plan.pdf》第2页');
    expect(system).toContain('文档中没有找到相关内容');
  });

  it('stops an answer on request and keeps what had arrived', async () => {
    fake.next({ tokens: Array.from({ length: 50 }, (_, i) => `第${i}段。`), intervalMs: 100 });
    const started = await post<SessionAsyncAskResponse>(t, admin, '/api/pdf/prompt/asyncAsk', { prompt: '介绍一下' });
    await eventually(
      () => get<SessionMessage>(t, admin, '/api/pdf/prompt/getCompletion', { message_id: started.data.message_id }),
      (r) => r.data.content.length > 0,
    );
    const stopped = await post<SessionMessage>(t, admin, '/api/pdf/message/stop', {
      message_id: started.data.message_id,
    });
    expect(stopped.data.status).toBe('aborted');
    expect(stopped.data.content).toMatch(/^第0段。/);
    expect(stopped.data.content.length).toBeLessThan(50 * 4);
  });

  it('keeps the question and an incomplete answer when the model fails', async () => {
    fake.next({ status: 500, errorMessage: 'upstream broke' });
    const { events } = await streamPost(t, admin, '/api/pdf/message/receive', { prompt: '这份文档讲了什么？' });
    const error = events.find((e) => e.event === 'error')!;
    expect(error.data.message).toBeTruthy();
    const sessionId = String(error.data.session_id);
    const list = await get<{ list: SessionMessage[] }>(t, admin, '/api/pdf/message/list', { session_id: sessionId });
    expect(list.data.list.map((m) => [m.role, m.status])).toEqual([
      ['user', 'done'],
      ['assistant', 'incomplete'],
    ]);
    expect(list.data.list[0]!.content).toBe('这份文档讲了什么？');
  });
});

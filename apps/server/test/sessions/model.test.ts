import {
  ErrorMessage,
  type SessionAsyncAskResponse,
  type SessionFile,
  type SessionMessage,
  type SessionStreamFinish,
  type SessionStreamMessage,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatUsage, toolSessionMessages } from '../../src/db/schema';
import { llmConfigSchema } from '../../src/services/llm';
import type { TestApp } from '../helper';
import { startFakeUpstream, type FakeUpstream } from '../llm/fake-upstream';
import { buildSessionsApp, eventually, get, pdfOf, post, streamPost, tokenFor, upload } from './helpers';
import { follow, followedText, leaveAfter } from '../answers/outlive-client';

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

  const IDEAS = JSON.stringify({
    ideas: [
      { title: '会员积分', pitch: '消费攒积分换新品', why: '提高复购', risks: ['成本'] },
      { title: '早鸟折扣', pitch: '早上九点前八折', why: '填补低峰', risks: [] },
    ],
  });
  const asksCounted = async (messageId: string) => {
    const answer = (await t.app.db.select().from(toolSessionMessages)).find((m) => m.id === messageId)!;
    const rows = await t.app.db.select().from(chatUsage);
    return rows.filter((r) => r.convId === answer.sessionId).length;
  };

  it('asks once more with the validation error and the schema, and stores the repaired cards', async () => {
    const before = fake.chatRequests.length;
    fake.next({ tokens: ['抱歉，我先列几个想法：', '1. 夜间营业'] });
    fake.next({ tokens: ['```json\n', IDEAS, '\n```'] });
    const started = await post<SessionAsyncAskResponse>(t, admin, '/api/brainstorm/prompt/asyncAsk', {
      action: 'round',
      prompt: '咖啡店复购',
    });
    const done = await finished('brainstorm', started.data.message_id);
    expect(done.data).toMatchObject({ status: 'done', kind: 'ideas', phase: null });
    if (done.data.data?.kind !== 'ideas') throw new Error('expected a repaired round');
    expect(done.data.data.round.cards.map((c) => c.title)).toEqual(['会员积分', '早鸟折扣']);
    expect(done.data.content).toContain('**会员积分**');

    // The repair call sees the first reply and why it failed, with the expected JSON Schema.
    const calls = fake.chatRequests.slice(before);
    expect(calls).toHaveLength(2);
    const repair = calls[1]!.body.messages!;
    expect(repair.slice(0, 2)).toEqual(calls[0]!.body.messages);
    expect(repair[2]).toEqual({ role: 'assistant', content: '抱歉，我先列几个想法：1. 夜间营业' });
    expect(repair[3]!.role).toBe('user');
    expect(repair[3]!.content).toContain('没有可解析的 JSON');
    expect(repair[3]!.content).toContain('"ideas"');
    expect(repair[3]!.content).toContain('"pitch"');

    // One ask, counted once; the question is stored as asked.
    expect(await asksCounted(started.data.message_id)).toBe(1);
    const list = await get<{ list: SessionMessage[] }>(t, admin, '/api/brainstorm/message/list', {
      session_id: started.data.session_id,
    });
    expect(list.data.list.map((m) => [m.role, m.status])).toEqual([
      ['user', 'done'],
      ['assistant', 'done'],
    ]);
  });

  it('names the fields that failed validation in the repair request', async () => {
    const before = fake.chatRequests.length;
    fake.next({ tokens: [JSON.stringify({ ideas: [{ title: '缺少字段' }] })] });
    fake.next({ tokens: [IDEAS] });
    const started = await post<SessionAsyncAskResponse>(t, admin, '/api/brainstorm/prompt/asyncAsk', {
      action: 'round',
      prompt: '咖啡店复购',
    });
    const done = await finished('brainstorm', started.data.message_id);
    expect(done.data.data?.kind).toBe('ideas');
    const repair = fake.chatRequests.slice(before)[1]!.body.messages!.at(-1)!.content;
    expect(repair).toMatch(/ideas\[0\]\.pitch|ideas\.0\.pitch/);
  });

  it('keeps the first reply as plain text when the repair is malformed too', async () => {
    const before = fake.chatRequests.length;
    fake.next({ tokens: ['抱歉，我先列几个想法：', '1. 夜间营业'] });
    fake.next({ tokens: ['{"ideas": "还是不对"}'] });
    const started = await post<SessionAsyncAskResponse>(t, admin, '/api/brainstorm/prompt/asyncAsk', {
      action: 'round',
      prompt: '咖啡店复购',
    });
    const done = await finished('brainstorm', started.data.message_id);
    expect(done.data).toMatchObject({ status: 'done', kind: 'ideas', data: null, phase: null });
    expect(done.data.content).toBe('抱歉，我先列几个想法：1. 夜间营业');
    // One repair, never a third call; one ask counted.
    expect(fake.chatRequests.length - before).toBe(2);
    expect(await asksCounted(started.data.message_id)).toBe(1);
  });

  it('keeps the first reply as plain text when the repair call fails', async () => {
    fake.next({ tokens: ['不是 JSON 的洞察'] });
    fake.next({ status: 500, errorMessage: 'upstream broke' });
    const started = await post<SessionAsyncAskResponse>(t, admin, '/api/insight/prompt/asyncAsk', {
      action: 'report',
      text: '很好喝\n配送太慢',
    });
    const done = await finished('insight', started.data.message_id);
    expect(done.data).toMatchObject({ status: 'done', kind: 'report', data: null, content: '不是 JSON 的洞察' });
  });

  it('streams the first reply, then a repairing phase instead of more raw text, then the repaired result', async () => {
    fake.next({ tokens: ['{"ideas": [', '{"title": "断了'] });
    fake.next({ tokens: [IDEAS] });
    const { events } = await streamPost(t, admin, '/api/brainstorm/prompt/askStream', {
      action: 'round',
      prompt: '咖啡店复购',
    });
    const messages = events.filter((e) => e.event === 'message').map((e) => e.data as SessionStreamMessage);
    const phaseAt = messages.findIndex((m) => m.phase === 'repairing');
    expect(phaseAt).toBeGreaterThan(0);
    expect(messages[phaseAt]!.text).toBe('');
    // Nothing of the repair call is streamed as text after the phase.
    expect(messages.slice(phaseAt + 1)).toEqual([]);
    expect(
      messages
        .slice(0, phaseAt)
        .map((m) => m.text)
        .join(''),
    ).toBe('{"ideas": [{"title": "断了');
    const finish = events.find((e) => e.event === 'finish')!.data as SessionStreamFinish;
    expect(finish.message).toMatchObject({ status: 'done', kind: 'ideas', phase: null });
    if (finish.message.data?.kind !== 'ideas') throw new Error('expected a repaired round');
    expect(finish.message.data.round.cards).toHaveLength(2);
  });

  it('shows a poller that the reply is being repaired', async () => {
    fake.next({ tokens: ['这不是 JSON'] });
    fake.next({ tokens: [IDEAS.slice(0, 30), IDEAS.slice(30)], intervalMs: 1_500 });
    const started = await post<SessionAsyncAskResponse>(t, admin, '/api/brainstorm/prompt/asyncAsk', {
      action: 'round',
      prompt: '咖啡店复购',
    });
    const repairing = await eventually(
      () =>
        get<SessionMessage>(t, admin, '/api/brainstorm/prompt/getCompletion', { message_id: started.data.message_id }),
      (r) => r.data.phase === 'repairing' || r.data.status !== 'generating',
    );
    expect(repairing.data).toMatchObject({ status: 'generating', phase: 'repairing', content: '这不是 JSON' });
    const done = await finished('brainstorm', started.data.message_id);
    expect(done.data).toMatchObject({ status: 'done', phase: null });
    expect(done.data.data?.kind).toBe('ideas');
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
      // The voice left without a real emotion (rage is not one) counts as neutral: shares add up.
      expect.objectContaining({
        emotion: 'neutral',
        count: 1,
        share: 0.5,
        evidence: [expect.objectContaining({ quote: '配送太慢', row: 2 })],
      }),
    ]);
    expect(report.needs[0]!.evidence[0]!.quote).toBe('配送太慢');
    expect(report.pain_points).toEqual([]);
    expect(fake.chatRequests.at(-1)!.body.messages?.[1]?.content).toContain('[2] 配送太慢');
  });

  it('keeps the first reply when the answer is stopped during its repair', async () => {
    fake.next({ tokens: ['还不是 JSON'] });
    fake.next({ tokens: Array.from({ length: 40 }, () => '{'), intervalMs: 200 });
    const started = await post<SessionAsyncAskResponse>(t, admin, '/api/brainstorm/prompt/asyncAsk', {
      action: 'round',
      prompt: '咖啡店复购',
    });
    await eventually(
      () =>
        get<SessionMessage>(t, admin, '/api/brainstorm/prompt/getCompletion', { message_id: started.data.message_id }),
      (r) => r.data.phase === 'repairing',
    );
    const stopped = await post<SessionMessage>(t, admin, '/api/brainstorm/message/stop', {
      message_id: started.data.message_id,
    });
    expect(stopped.data).toMatchObject({ status: 'aborted', content: '还不是 JSON', data: null, phase: null });
    expect(await asksCounted(started.data.message_id)).toBe(1);
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

  it('removes citation markers that point at no passage the model was given', async () => {
    const { env } = await upload<SessionFile>(
      t,
      admin,
      'pdf',
      'cited.pdf',
      await pdfOf(['Intro page about the plan.', 'The budget for 2026 is 3 million yuan.']),
    );
    await eventually(
      () => post<{ settled: boolean }>(t, admin, '/api/pdf/file/check_doc_status', { session_id: env.data.session_id }),
      (r) => r.data.settled,
    );
    fake.next({ tokens: ['预算为 300 万元 [1]', '，另见 [9][1]。'] });
    const { events } = await streamPost(t, admin, '/api/pdf/message/receive', {
      session_id: env.data.session_id,
      prompt: 'What is the budget for 2026?',
    });
    const message = events.find((e) => e.event === 'finish')!.data.message as SessionMessage;
    expect(message.citations.length).toBeLessThan(9);
    expect(message.content).toBe('预算为 300 万元 [1]，另见 [1]。');
  });

  it('asks once more for recommended questions when a reply holds none, and ends with none if still unusable', async () => {
    const { env } = await upload<SessionFile>(
      t,
      admin,
      'pdf',
      'recommend.pdf',
      await pdfOf(['The budget for 2026 is 3 million yuan.']),
    );
    await eventually(
      () => post<{ settled: boolean }>(t, admin, '/api/pdf/file/check_doc_status', { session_id: env.data.session_id }),
      (r) => r.data.settled,
    );
    const recommend = () =>
      streamPost(t, admin, '/api/pdf/message/get_stream_recommend_question', { session_id: env.data.session_id });

    const before = fake.chatRequests.length;
    fake.next({ tokens: ['好的'] });
    fake.next({ tokens: ['2026 年的预算是多少？\n', '预算由谁审批？'] });
    const repaired = await recommend();
    expect(repaired.events.filter((e) => e.event === 'message').map((e) => e.data.question)).toEqual([
      '2026 年的预算是多少？',
      '预算由谁审批？',
    ]);
    const calls = fake.chatRequests.slice(before);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.body.messages?.at(-2)).toEqual({ role: 'assistant', content: '好的' });
    expect(calls[1]!.body.messages?.at(-1)?.content).toContain('每行一个');

    fake.next({ tokens: ['好'] });
    fake.next({ tokens: ['嗯'] });
    const empty = await recommend();
    expect(empty.events.map((e) => e.event)).toEqual(['finish']);
    expect(empty.events[0]!.data).toEqual({ list: [], demo: false });
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

  it('goes on with a streamed answer when the client leaves, followed to its end and stored complete', async () => {
    const tokens = Array.from({ length: 40 }, (_, i) => `第${i}段。`);
    fake.next({ tokens, intervalMs: 30 });
    const left = await leaveAfter(t, admin, '/api/pdf/message/receive', { prompt: '刷新页面时还在回答' });
    const followed = await follow(t, admin, '/api/pdf', left.messageId);
    expect(String(followed.events[0]!.data.text).startsWith(left.received)).toBe(true);
    expect(followed.events.at(-1)).toEqual({ event: 'finish', data: { message_id: left.messageId, status: 'done' } });
    expect(followedText(followed.events)).toBe(tokens.join(''));
    const stored = await get<SessionMessage>(t, admin, '/api/pdf/message/completion', { message_id: left.messageId });
    expect(stored.data).toMatchObject({ status: 'done', content: tokens.join('') });
  });

  it('keeps the question and an incomplete answer when the model fails, answered as a 502 JSON error', async () => {
    fake.next({ status: 500, errorMessage: 'upstream broke' });
    const res = await streamPost(t, admin, '/api/pdf/message/receive', { prompt: '这份文档讲了什么？' });
    expect(res.status).toBe(502);
    expect(res.events).toEqual([]);
    expect(res.json).toMatchObject({ code: 5002, message: ErrorMessage.upstream });
    const sessionId = (res.json!.data as { session_id: string }).session_id;
    const list = await get<{ list: SessionMessage[] }>(t, admin, '/api/pdf/message/list', { session_id: sessionId });
    expect(list.data.list.map((m) => [m.role, m.status])).toEqual([
      ['user', 'done'],
      ['assistant', 'incomplete'],
    ]);
    expect(list.data.list[0]!.content).toBe('这份文档讲了什么？');
  });
});

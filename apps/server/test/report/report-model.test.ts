import {
  ErrorCode,
  ErrorMessage,
  PERSON_USAGE_API_PATH,
  QUOTA_API_PATHS,
  type PersonUsage,
  type ReportConversation,
  type ReportConversationDetail,
  type ReportMessage,
  type ReportSummary,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { reportMessages, users } from '../../src/db/schema';
import { reportConfigSchema } from '../../src/modules/report/config';
import { llmConfigSchema } from '../../src/services/llm';
import { api, type TestApp } from '../helper';
import { multipart } from '../files/fixtures';
import { startFakeUpstream, type FakeUpstream } from '../llm/fake-upstream';
import { buildSessionsApp, eventually, get, pdfOf, post, streamPost, tokenFor } from '../sessions/helpers';
import { follow, followedText, leaveAfter } from '../answers/outlive-client';

const SNACKS_2024 = [
  'China Snack Industry Report 2024.',
  'Market size.\nThe snack market size reached 1.2 trillion yuan in 2024, growth of 8 percent year on year.',
  'Risks.\nRaw material costs and price competition are the main risk for snack brands.',
];
const SNACKS_2025 = [
  'China Snack Industry Report 2025.',
  'Market size.\nThe snack market size reached 1.3 trillion yuan in 2025, growth of 9 percent.',
];

const NOT_COVERED = '- 所选报告未涉及';
/** A reply in the brief's frame whose market point cites slice [1]. */
const VALID_BRIEF = [
  '## 市场规模与增长\n- 2024年休闲零食市场规模达1.2万亿元，同比增长8% [1]\n',
  `## 细分市场\n${NOT_COVERED}\n`,
  `## 主要企业\n${NOT_COVERED}\n`,
  `## 发展趋势\n${NOT_COVERED}\n`,
  `## 风险与挑战\n${NOT_COVERED}\n`,
];

type Events = Awaited<ReturnType<typeof streamPost>>['events'];
const finished = (events: Events) => events.find((e) => e.event === 'finish')!.data.message as ReportMessage;

async function uploadShared(t: TestApp, token: string, categoryId: number, name: string, pages: string[]) {
  const { payload, headers } = multipart({ filename: name, data: await pdfOf(pages) });
  const res = await api(t, token, {
    method: 'POST',
    url: `/api/report/file/upload?category_id=${categoryId}`,
    payload,
    headers,
  });
  return (res.json() as { data: ReportSummary }).data;
}

/** Two shared reports, parsed, and a conversation of staff on both. */
async function libraryWithConversation(t: TestApp, admin: string, staff: string) {
  const category = await post<{ category_id: number }>(t, admin, '/api/report/admin/category/create', {
    name: '休闲食品',
  });
  const first = await uploadShared(t, admin, category.data.category_id, 'snacks-2024.pdf', SNACKS_2024);
  const second = await uploadShared(t, admin, category.data.category_id, 'snacks-2025.pdf', SNACKS_2025);
  await eventually(
    () => get<{ list: { reports: ReportSummary[] }[] }>(t, staff, '/api/report/home/reportCategory'),
    (r) => r.data.list.flatMap((c) => c.reports).filter((x) => x.status === 'ready').length === 2,
  );
  const created = await post<ReportConversation>(t, staff, '/api/report/conversation/create', {
    report_ids: [first.report_id, second.report_id],
  });
  return { first, second, conversation: created.data };
}

describe('report brief and comparison written by a configured model', () => {
  let fake: FakeUpstream;
  let t: TestApp;
  let admin = '';
  let staff = '';
  let first: ReportSummary;
  let second: ReportSummary;
  let conversation: ReportConversation;
  const brief = () => streamPost(t, staff, '/api/report/pdf/brief', { conversation_id: conversation.conversation_id });

  beforeAll(async () => {
    fake = await startFakeUpstream();
    t = await buildSessionsApp({
      config: (c) => ({
        ...c,
        providers: llmConfigSchema.parse({
          endpoints: { fake: { baseUrl: fake.baseUrl, retries: 0, idleTimeoutMs: 5_000 } },
          tasks: { report: { provider: 'fake', model: 'report-model' } },
        }),
      }),
    });
    admin = await tokenFor(t, 'admin');
    staff = await tokenFor(t, 'staff');
    ({ first, second, conversation } = await libraryWithConversation(t, admin, staff));
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('streams the model brief grounded in the numbered slices and stores its checked structure', async () => {
    fake.next({ tokens: VALID_BRIEF });
    const { events } = await brief();
    const sent = events[0]!.data.citations as ReportMessage['citations'];
    const request = fake.chatRequests.at(-1)!.body;
    expect(request.model).toBe('report-model');
    const system = request.messages![0]!.content as string;
    expect(system).toContain('## 市场规模与增长');
    // The model sees every slice with its number, report and page.
    for (const c of sent) expect(system).toContain(`[${c.index}]《${c.file_name}》第${c.page}页`);
    const message = finished(events);
    expect(message).toMatchObject({ kind: 'brief', status: 'done', demo: false });
    expect(message.brief!.origin).toBe('model');
    expect(message.brief!.sections[0]!.items).toEqual([
      { text: '2024年休闲零食市场规模达1.2万亿元，同比增长8%', citations: [1] },
    ]);
    expect(message.brief!.sections[1]!.items).toEqual([]);
    expect(message.content).toBe(VALID_BRIEF.join(''));

    const md = await api(t, staff, {
      method: 'GET',
      url: '/api/report/export',
      query: { message_id: message.message_id, format: 'md' },
    });
    expect(md.body).toContain('由模型根据所选报告检索到的片段撰写');
    expect(md.body).toContain('- 2024年休闲零食市场规模达1.2万亿元，同比增长8% [1]');
    expect(md.body).toContain(`[1] 《${sent[0]!.file_name}》`);
  });

  it('writes a malformed brief once more, telling the model what was wrong and the browser to start over', async () => {
    fake.next({ tokens: ['## 市场规模与增长\n- 规模很大 [99]\n'] }).next({ tokens: VALID_BRIEF });
    const before = fake.chatRequests.length;
    const { events } = await brief();
    expect(fake.chatRequests.length).toBe(before + 2);
    const retry = fake.chatRequests.at(-1)!.body.messages!.at(-1)!.content as string;
    expect(retry).toContain('引用了不存在的片段编号');
    expect(events.some((e) => e.event === 'message' && e.data.restart === true)).toBe(true);
    const message = finished(events);
    expect(message.brief!.origin).toBe('model');
    expect(message.content).toBe(VALID_BRIEF.join(''));
  });

  it('keeps a reply malformed twice as plain text', async () => {
    fake.next({ tokens: ['市场在增长。'] }).next({ tokens: ['市场仍在增长 [1]。'] });
    const message = finished((await brief()).events);
    expect(message).toMatchObject({ status: 'done', brief: null, content: '市场仍在增长 [1]。' });
    expect(message.citations.length).toBeGreaterThan(0);
  });

  it('falls back to the labelled extractive brief when the model fails', async () => {
    fake.next({ status: 500, errorMessage: 'upstream down' });
    const message = finished((await brief()).events);
    expect(message.status).toBe('done');
    expect(message.brief!.origin).toBe('extract');
    expect(message.content).toContain('摘录式简报');
    const market = message.brief!.sections[0]!;
    expect(market.items.some((i) => i.text.includes('1.2 trillion'))).toBe(true);
  });

  const askNew = (prompt: string) =>
    streamPost(t, staff, '/api/report/pdf/askNew', { conversation_id: conversation.conversation_id, prompt });

  it('answers a question whose model is busy before its first byte with a 429 JSON error, the question kept', async () => {
    fake.next({ status: 429 });
    const res = await askNew('snack market size, when the model is busy');
    expect(res.status).toBe(429);
    expect(res.events).toEqual([]);
    expect(res.json).toMatchObject({ code: ErrorCode.rateLimited, message: '模型服务请求过于频繁，请稍后再试' });
    const { message_id } = res.json!.data as { message_id: string };
    const rows = await t.app.db
      .select()
      .from(reportMessages)
      .where(eq(reportMessages.conversationId, conversation.conversation_id));
    expect(rows.find((r) => r.content === 'snack market size, when the model is busy')?.status).toBe('done');
    expect(rows.find((r) => r.id === message_id)).toMatchObject({ role: 'assistant', status: 'incomplete' });
  });

  it('ends a question whose model failed after its first tokens with an error event, after the sources', async () => {
    fake.next({ tokens: ['市场', '规模', '很大'], failAfter: 2, failMode: 'destroy' });
    const res = await askNew('snack market size, cut short');
    expect(res.status).toBe(200);
    expect(res.events.map((e) => e.event)).toEqual(['message', 'message', 'message', 'error']);
    expect(res.events[0]!.data.citations).toEqual(expect.any(Array));
    expect(res.events.at(-1)!.data.message).toBe(ErrorMessage.upstream);
  });

  it('compares two reports of the conversation side by side, each side citing its own report', async () => {
    const reply = [
      '## 市场规模与增长',
      '- 报告A：2024年规模1.2万亿元 [1]',
      '- 报告B：所选报告未涉及',
      '- 差异：2025年报告给出了更高的规模',
      ...['细分市场', '主要企业', '发展趋势', '风险与挑战'].flatMap((title) => [
        `## ${title}`,
        '- 报告A：所选报告未涉及',
        '- 报告B：所选报告未涉及',
        '- 差异：',
      ]),
    ].join('\n');
    fake.next({ tokens: [reply] });
    const { events } = await streamPost(t, staff, '/api/report/pdf/compare', {
      conversation_id: conversation.conversation_id,
      report_ids: [first.report_id, second.report_id],
    });
    const sent = events[0]!.data.citations as ReportMessage['citations'];
    expect(new Set(sent.map((c) => c.file_name))).toEqual(new Set(['snacks-2024', 'snacks-2025']));
    const message = finished(events);
    expect(message.kind).toBe('compare');
    expect(message.comparison!.origin).toBe('model');
    expect(message.comparison!.reports.map((r) => r.report_id)).toEqual([first.report_id, second.report_id]);
    expect(message.comparison!.rows[0]).toMatchObject({
      key: 'market',
      left: { text: '2024年规模1.2万亿元', citations: [1] },
      right: { text: '', citations: [] },
      difference: '2025年报告给出了更高的规模',
    });
    const detail = await get<ReportConversationDetail>(t, staff, '/api/report/conversation/detail', {
      conversation_id: conversation.conversation_id,
    });
    expect(detail.data.messages.at(-1)!.comparison).toEqual(message.comparison);
    const docx = await api(t, staff, {
      method: 'GET',
      url: '/api/report/export',
      query: { message_id: message.message_id, format: 'md' },
    });
    expect(docx.body).toContain('差异：2025年报告给出了更高的规模');
  });

  it('refuses comparing a report of another conversation or the same report twice', async () => {
    const same = await streamPost(t, staff, '/api/report/pdf/compare', {
      conversation_id: conversation.conversation_id,
      report_ids: [first.report_id, first.report_id],
    });
    expect(same.json).toMatchObject({ code: ErrorCode.validation, message: '请选择两份不同的报告进行对比' });
    const foreign = await streamPost(t, admin, '/api/report/pdf/compare', {
      conversation_id: conversation.conversation_id,
      report_ids: [first.report_id, second.report_id],
    });
    expect(foreign.json?.code).toBe(ErrorCode.resourceGone);
  });

  it('writes a brief to its end when the client leaves: stored with its structure, followed to its end', async () => {
    fake.next({ tokens: VALID_BRIEF.flatMap((part) => [...part]), intervalMs: 5 });
    const left = await leaveAfter(t, staff, '/api/report/pdf/brief', { conversation_id: conversation.conversation_id });
    const followed = await follow(t, staff, '/api/report', left.messageId);
    expect(followed.events.at(-1)).toEqual({ event: 'finish', data: { message_id: left.messageId, status: 'done' } });
    expect(followedText(followed.events)).toBe(VALID_BRIEF.join(''));
    const stored = await get<ReportMessage>(t, staff, '/api/report/message/completion', {
      message_id: left.messageId,
    });
    expect(stored.data).toMatchObject({ kind: 'brief', status: 'done', content: VALID_BRIEF.join('') });
    expect(stored.data.brief!.origin).toBe('model');
    expect(fake.cancelled).toBe(0);

    // An answer the user stops is stopped, whoever is watching; another user's id is unknown to them.
    fake.next({ tokens: Array.from({ length: 200 }, (_, i) => `part${i} `), intervalMs: 40 });
    const asked = await leaveAfter(t, staff, '/api/report/pdf/askNew', {
      conversation_id: conversation.conversation_id,
      prompt: 'snack market size',
    });
    const foreign = await post(t, admin, '/api/report/message/stop', { message_id: asked.messageId });
    const unknown = await post(t, admin, '/api/report/message/stop', { message_id: 'doesnotexist123' });
    expect(foreign).toEqual(unknown);
    expect(foreign.code).toBe(ErrorCode.resourceGone);
    const stopped = await post<ReportMessage>(t, staff, '/api/report/message/stop', { message_id: asked.messageId });
    expect(stopped.data.status).toBe('aborted');
    expect(stopped.data.content.startsWith(asked.received)).toBe(true);
  });
});

describe('report quota', () => {
  let t: TestApp;
  let admin = '';
  let staff = '';
  let conversation: ReportConversation;

  beforeAll(async () => {
    t = await buildSessionsApp({
      config: (c) => ({ ...c, report: reportConfigSchema.parse({ quota: 2 }) }),
    });
    admin = await tokenFor(t, 'admin');
    staff = await tokenFor(t, 'staff');
    ({ conversation } = await libraryWithConversation(t, admin, staff));
  });
  afterAll(async () => t?.close());

  const ask = (prompt: string) =>
    streamPost(t, staff, '/api/report/pdf/askNew', { conversation_id: conversation.conversation_id, prompt });

  it('counts questions and briefs, and refuses beyond the quota before anything is stored', async () => {
    expect(finished((await ask('snack market size')).events).status).toBe('done');
    const briefed = await streamPost(t, staff, '/api/report/pdf/brief', {
      conversation_id: conversation.conversation_id,
    });
    expect(finished(briefed.events).status).toBe('done');
    const stored = (await t.app.db.select().from(reportMessages)).length;

    const refused = await ask('snack risks');
    expect(refused.json).toMatchObject({ code: ErrorCode.quotaExhausted, message: '本模块使用次数已用完，请稍后再试' });
    const refusedBrief = await streamPost(t, staff, '/api/report/pdf/brief', {
      conversation_id: conversation.conversation_id,
    });
    expect(refusedBrief.json?.code).toBe(ErrorCode.quotaExhausted);
    expect((await t.app.db.select().from(reportMessages)).length).toBe(stored);

    // The console's person view counts the report module with the service that enforces it.
    const [row] = await t.app.db.select().from(users).where(eq(users.login, 'staff'));
    const usage = await get<PersonUsage>(t, admin, PERSON_USAGE_API_PATH, { user_id: String(row!.id) });
    expect(usage.data.modules.find((m) => m.module === 'report')).toMatchObject({
      used: 2,
      limit: 2,
      source: 'config',
    });
  });

  it('follows a quota rule of the console for the report module', async () => {
    const set = await api(t, admin, {
      method: 'POST',
      url: QUOTA_API_PATHS.set,
      payload: { subject_type: 'user', subject: 'staff', module: 'report', limit: 3, period: 'day' },
    });
    expect(set.json().code).toBe(0);
    expect(finished((await ask('snack risks')).events).status).toBe('done');
    expect((await ask('snack growth')).json?.code).toBe(ErrorCode.quotaExhausted);
  });
});

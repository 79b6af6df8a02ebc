import {
  ErrorCode,
  ErrorMessage,
  type ReportCategoryResponse,
  type ReportConversation,
  type ReportConversationDetail,
  type ReportMessage,
  type ReportQuestionsResponse,
  type ReportSummary,
  type SliceDetail,
} from '@portal/contract';
import { inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type TestApp } from '../helper';
import { multipart } from '../files/fixtures';
import { buildSessionsApp, eventually, get, pdfOf, post, streamPost, tokenFor } from '../sessions/helpers';

const SNACKS_2024 = [
  'China Snack Industry Report 2024.\nPrepared by the research team.',
  'Market size.\nThe snack market size reached 1.2 trillion yuan in 2024, growth of 8 percent year on year.',
  'Leading players.\nThe leading company Three Squirrels holds a market share of 6 percent.',
  'Risks.\nRaw material costs and price competition are the main risk for snack brands.',
];
const SNACKS_2025 = [
  'China Snack Industry Report 2025.',
  'Market size.\nThe snack market size reached 1.3 trillion yuan in 2025, growth of 9 percent.',
];
const PRIVATE = ['Private memo on beverage channels.\nThe beverage channel share of convenience stores is 31 percent.'];

/** Reads one entry of a zip (the docx container) by name. */
function unzipEntry(zip: Buffer, name: string): string | undefined {
  for (let at = 0; at + 30 < zip.length;) {
    if (zip.readUInt32LE(at) !== 0x04034b50) break;
    const method = zip.readUInt16LE(at + 8);
    const size = zip.readUInt32LE(at + 18);
    const nameLength = zip.readUInt16LE(at + 26);
    const extra = zip.readUInt16LE(at + 28);
    const entry = zip.subarray(at + 30, at + 30 + nameLength).toString();
    const start = at + 30 + nameLength + extra;
    const data = zip.subarray(start, start + size);
    if (entry === name) return (method === 8 ? inflateRawSync(data) : data).toString('utf8');
    at = start + size;
  }
  return undefined;
}

describe('report library, conversations and cited answers', () => {
  let t: TestApp;
  let admin = '';
  let staff = '';
  let categoryId = 0;
  let shared: ReportSummary;
  let shared2025: ReportSummary;
  let own: ReportSummary;
  let conversation: ReportConversation;

  const uploadReport = async (token: string, name: string, pages: string[], query: Record<string, string> = {}) => {
    const { payload, headers } = multipart({ filename: name, data: await pdfOf(pages) });
    const qs = new URLSearchParams(query).toString();
    const res = await api(t, token, {
      method: 'POST',
      url: `/api/report/file/upload${qs ? `?${qs}` : ''}`,
      payload,
      headers,
    });
    return res.json() as { code: number; message: string; data: ReportSummary };
  };
  const home = (token: string, keyword?: string) =>
    get<ReportCategoryResponse>(t, token, '/api/report/home/reportCategory', keyword ? { keyword } : {});
  const allReports = (r: ReportCategoryResponse) => r.list.flatMap((c) => c.reports);

  beforeAll(async () => {
    t = await buildSessionsApp();
    admin = await tokenFor(t, 'admin');
    staff = await tokenFor(t, 'staff');
  });
  afterAll(async () => t?.close());

  it('lets only administrators create shared categories and upload into them', async () => {
    const refused = await post(t, staff, '/api/report/admin/category/create', { name: '休闲食品' });
    expect(refused.code).toBe(ErrorCode.forbidden);
    const created = await post<{ category_id: number }>(t, admin, '/api/report/admin/category/create', {
      name: '休闲食品',
    });
    expect(created.code).toBe(0);
    categoryId = created.data.category_id;
    const staffShared = await uploadReport(staff, 'x.pdf', SNACKS_2024, { category_id: String(categoryId) });
    expect(staffShared.code).toBe(ErrorCode.forbidden);

    const up = await uploadReport(admin, 'snacks-2024.pdf', SNACKS_2024, {
      category_id: String(categoryId),
      title: '2024中国休闲零食行业报告',
      source: '测试研究院',
      date: '2024-06-01',
    });
    expect(up.code).toBe(0);
    shared = up.data;
    expect(shared).toMatchObject({ title: '2024中国休闲零食行业报告', scope: 'shared', category_id: categoryId });
    shared2025 = (
      await uploadReport(admin, 'snacks-2025.pdf', SNACKS_2025, { category_id: String(categoryId), date: '2025-06-01' })
    ).data;
    expect(shared2025.title).toBe('snacks-2025');
  });

  it('refuses a file that is not a PDF with a Chinese message', async () => {
    const { payload, headers } = multipart({ filename: 'notes.txt', data: Buffer.from('plain text notes') });
    const res = await api(t, staff, { method: 'POST', url: '/api/report/file/upload', payload, headers });
    const env = res.json() as { code: number; message: string };
    expect(env.code).not.toBe(0);
    expect(env.message).toMatch(/[\u4e00-\u9fff]/);
  });

  it('shows shared reports to everyone and own uploads only to their owner, after the parse', async () => {
    own = (await uploadReport(staff, 'beverage-memo.pdf', PRIVATE)).data;
    expect(own.scope).toBe('own');
    const staffView = await eventually(
      () => home(staff),
      (r) => allReports(r.data).every((x) => x.status === 'ready'),
    );
    const ids = allReports(staffView.data).map((r) => r.report_id);
    expect(ids).toEqual(expect.arrayContaining([shared.report_id, shared2025.report_id, own.report_id]));
    const category = staffView.data.list.find((c) => c.category_id === categoryId)!;
    expect(category.name).toBe('休闲食品');
    expect(category.reports.find((r) => r.report_id === shared.report_id)).toMatchObject({ pages: 4, status: 'ready' });
    expect(staffView.data.list.at(-1)).toMatchObject({ category_id: null, name: '我的报告' });

    expect(staffView.data.can_manage).toBe(false);
    expect((await home(admin)).data.can_manage).toBe(true);
    const adminIds = allReports((await home(admin)).data).map((r) => r.report_id);
    expect(adminIds).toContain(shared.report_id);
    expect(adminIds).not.toContain(own.report_id);

    const searched = allReports((await home(staff, '2024中国')).data).map((r) => r.report_id);
    expect(searched).toEqual([shared.report_id]);
  });

  it('creates conversations only on reports the user may see', async () => {
    const foreign = await post(t, admin, '/api/report/conversation/create', { report_ids: [own.report_id] });
    expect(foreign.code).toBe(ErrorCode.resourceGone);
    const empty = await post(t, staff, '/api/report/conversation/create', { report_ids: [] });
    expect(empty.code).toBe(ErrorCode.validation);
    expect(empty.message).toContain('请至少选择一份报告');

    const created = await post<ReportConversation>(t, staff, '/api/report/conversation/create', {
      report_ids: [shared.report_id, own.report_id],
    });
    expect(created.code).toBe(0);
    conversation = created.data;
    expect(conversation.reports.map((r) => r.report_id)).toEqual([shared.report_id, own.report_id]);

    const edited = await post<ReportConversation>(t, staff, '/api/report/conversation/edit', {
      conversation_id: conversation.conversation_id,
      title: '零食行业问答',
    });
    expect(edited.data.title).toBe('零食行业问答');
    const otherEdit = await post(t, admin, '/api/report/conversation/edit', {
      conversation_id: conversation.conversation_id,
      title: 'x',
    });
    expect(otherEdit.code).toBe(ErrorCode.resourceGone);
    const list = await get<{ list: ReportConversation[] }>(t, staff, '/api/report/conversation/list');
    expect(list.data.list.map((c) => c.conversation_id)).toContain(conversation.conversation_id);
  });

  it('suggests questions from the chosen reports', async () => {
    const res = await post<ReportQuestionsResponse>(t, staff, '/api/report/pdf/questions', {
      report_ids: [shared.report_id],
    });
    expect(res.code).toBe(0);
    expect(res.data.list.length).toBeGreaterThanOrEqual(3);
  });

  let answer: ReportMessage;
  it('answers on the stream from the reports, citing the page that holds the figure', async () => {
    const { events, json } = await streamPost(t, staff, '/api/report/pdf/askNew', {
      conversation_id: conversation.conversation_id,
      prompt: 'What was the snack market size in 2024?',
    });
    expect(json).toBeUndefined();
    const first = events[0]!;
    const citations = first.data.citations as ReportMessage['citations'];
    expect(citations[0]).toMatchObject({ index: 1, page: 2, file_name: '2024中国休闲零食行业报告' });
    expect(citations[0]!.quote).toContain('1.2 trillion');
    const finish = events.find((e) => e.event === 'finish')!;
    answer = finish.data.message as ReportMessage;
    expect(answer.status).toBe('done');
    expect(answer.demo).toBe(true);
    expect(answer.content).toContain('演示回答');
    expect(answer.content).toContain('1.2 trillion');
    expect(answer.content).toContain('[1]');

    const detail = await get<ReportConversationDetail>(t, staff, '/api/report/conversation/detail', {
      conversation_id: conversation.conversation_id,
    });
    expect(detail.data.messages.map((m) => [m.role, m.status])).toEqual([
      ['user', 'done'],
      ['assistant', 'done'],
    ]);
    expect(detail.data.messages[0]!.content).toBe('What was the snack market size in 2024?');
    const foreign = await get(t, admin, '/api/report/conversation/detail', {
      conversation_id: conversation.conversation_id,
    });
    expect(foreign.code).toBe(ErrorCode.resourceGone);
  });

  it('says so when the reports do not cover the question', async () => {
    const { events } = await streamPost(t, staff, '/api/report/pdf/askNew', {
      conversation_id: conversation.conversation_id,
      prompt: 'Quantum gravity experiments',
    });
    const finish = events.find((e) => e.event === 'finish')!;
    expect((finish.data.message as ReportMessage).content).toContain('没有找到');
    expect((finish.data.message as ReportMessage).citations).toEqual([]);
  });

  it('returns a cited slice with its page and report, to its reader only', async () => {
    const cited = answer.citations[0]!;
    const slice = await get<SliceDetail>(t, staff, '/api/report/pdf/sliceFileDetail', { chunk_id: cited.chunk_id });
    expect(slice.code).toBe(0);
    expect(slice.data).toMatchObject({ page: 2, report: { report_id: shared.report_id } });
    expect(slice.data.text).toContain('1.2 trillion');
    const pdf = await api(t, staff, { method: 'GET', url: slice.data.file_url });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // A slice of the staff member's own report is unknown to anyone else.
    const { events } = await streamPost(t, staff, '/api/report/pdf/askNew', {
      conversation_id: conversation.conversation_id,
      prompt: 'beverage channel share of convenience stores',
    });
    const ownCitation = (events[0]!.data.citations as ReportMessage['citations'])[0]!;
    expect(ownCitation.file_name).toBe('beverage-memo');
    const foreign = await get(t, admin, '/api/report/pdf/sliceFileDetail', { chunk_id: ownCitation.chunk_id });
    expect(foreign.code).toBe(ErrorCode.resourceGone);
    const unknown = await get(t, staff, '/api/report/pdf/sliceFileDetail', { chunk_id: '999999999' });
    expect(unknown.code).toBe(ErrorCode.resourceGone);
  });

  let brief: ReportMessage;
  it('streams a labelled demo brief whose items cite real slices of the reports, stored for a reload', async () => {
    const { events, json } = await streamPost(t, staff, '/api/report/pdf/brief', {
      conversation_id: conversation.conversation_id,
    });
    expect(json).toBeUndefined();
    const sent = events[0]!.data.citations as ReportMessage['citations'];
    expect(sent.length).toBeGreaterThan(0);
    const streamed = events
      .filter((e) => e.event === 'message')
      .map((e) => e.data.text as string)
      .join('');
    expect(streamed).toContain('演示模型');
    expect(streamed).toContain('## 市场规模与增长');
    brief = events.find((e) => e.event === 'finish')!.data.message as ReportMessage;
    expect(brief).toMatchObject({ kind: 'brief', status: 'done', demo: true, content: streamed });
    expect(brief.brief!.origin).toBe('demo');
    expect(brief.brief!.sections.map((s) => s.title)).toEqual([
      '市场规模与增长',
      '细分市场',
      '主要企业',
      '发展趋势',
      '风险与挑战',
    ]);
    const market = brief.brief!.sections[0]!;
    const marketItem = market.items.find((i) => i.text.includes('1.2 trillion'))!;
    expect(marketItem).toBeDefined();
    const cited = brief.citations.find((c) => c.index === marketItem.citations[0])!;
    expect(cited.page).toBe(2);
    const players = brief.brief!.sections[2]!;
    const playerCitation = brief.citations.find((c) => c.index === players.items[0]!.citations[0])!;
    expect(playerCitation.quote).toContain('Three Squirrels');
    // Items are sentences that carry a fact, not a page heading.
    const risks = brief.brief!.sections[4]!;
    expect(risks.items[0]!.text).toContain('Raw material costs');
    // Every [n] of every item is one of the slices sent, and each slice is readable.
    for (const n of brief.brief!.sections.flatMap((s) => s.items.flatMap((i) => i.citations))) {
      const c = sent.find((x) => x.index === n)!;
      const slice = await get<SliceDetail>(t, staff, '/api/report/pdf/sliceFileDetail', { chunk_id: c.chunk_id });
      expect(slice.data.text).toBe(c.quote);
    }
    const detail = await get<ReportConversationDetail>(t, staff, '/api/report/conversation/detail', {
      conversation_id: conversation.conversation_id,
    });
    const stored = detail.data.messages.find((m) => m.message_id === brief.message_id)!;
    expect(stored.brief).toEqual(brief.brief);
    expect(stored.content).toBe(brief.content);
  });

  it('exports the brief as Markdown and as a Word file holding the citations', async () => {
    const md = await api(t, staff, {
      method: 'GET',
      url: '/api/report/export',
      query: { message_id: brief.message_id, format: 'md' },
    });
    expect(md.body).toContain('## 市场规模与增长');
    expect(md.body).toContain('## 出处');
    expect(md.body).toContain('演示模型');
    expect(md.body).toMatch(/1\.2 trillion[^\n]*\[\d+\]/);
    const docx = await api(t, staff, {
      method: 'GET',
      url: '/api/report/export',
      query: { message_id: brief.message_id, format: 'docx' },
    });
    expect(docx.headers['content-type']).toContain('wordprocessingml');
    const zip = docx.rawPayload;
    expect(zip.subarray(0, 2).toString()).toBe('PK');
    const xml = unzipEntry(zip, 'word/document.xml')!;
    expect(xml).toContain('市场规模与增长');
    expect(xml).toContain('1.2 trillion');
    expect(xml).toContain('第2页');
    const foreign = await api(t, admin, {
      method: 'GET',
      url: '/api/report/export',
      query: { message_id: brief.message_id, format: 'md' },
    });
    expect(foreign.json().code).toBe(ErrorCode.resourceGone);
  });

  it("edits the conversation's reports, then streams a labelled demo comparison of two of them", async () => {
    const foreignReport = await post(t, admin, '/api/report/conversation/edit', {
      conversation_id: conversation.conversation_id,
      report_ids: [shared.report_id],
    });
    expect(foreignReport.code).toBe(ErrorCode.resourceGone);
    const edited = await post<ReportConversation>(t, staff, '/api/report/conversation/edit', {
      conversation_id: conversation.conversation_id,
      report_ids: [shared.report_id, own.report_id, shared2025.report_id],
    });
    expect(edited.data.reports.map((r) => r.report_id)).toEqual([
      shared.report_id,
      own.report_id,
      shared2025.report_id,
    ]);
    expect(edited.data.title).toBe('零食行业问答');

    const { events } = await streamPost(t, staff, '/api/report/pdf/compare', {
      conversation_id: conversation.conversation_id,
      report_ids: [shared.report_id, shared2025.report_id],
    });
    const message = events.find((e) => e.event === 'finish')!.data.message as ReportMessage;
    expect(message).toMatchObject({ kind: 'compare', demo: true, status: 'done' });
    expect(message.content).toContain('演示模型');
    const comparison = message.comparison!;
    expect(comparison.origin).toBe('demo');
    const market = comparison.rows.find((r) => r.key === 'market')!;
    expect(market.left.text).toContain('1.2 trillion');
    expect(market.right.text).toContain('1.3 trillion');
    const right = message.citations.find((c) => c.index === market.right.citations[0])!;
    expect(right).toMatchObject({ page: 2, file_name: 'snacks-2025' });
  });

  it('keeps an old conversation readable when a report is deleted, and says so on a new question', async () => {
    const del = await post(t, staff, '/api/report/file/delete', { report_id: own.report_id });
    expect(del.code).toBe(0);
    const notAdmin = await post(t, staff, '/api/report/file/delete', { report_id: shared2025.report_id });
    expect(notAdmin.code).toBe(ErrorCode.forbidden);
    const detail = await get<ReportConversationDetail>(t, staff, '/api/report/conversation/detail', {
      conversation_id: conversation.conversation_id,
    });
    expect(detail.data.conversation.missing_report_ids).toEqual([own.report_id]);
    expect(detail.data.messages.length).toBeGreaterThanOrEqual(6);

    // An administrator deletes a shared report: the conversation keeps its history and answers from the rest.
    expect((await post(t, admin, '/api/report/file/delete', { report_id: shared2025.report_id })).code).toBe(0);
    const after = await get<ReportConversationDetail>(t, staff, '/api/report/conversation/detail', {
      conversation_id: conversation.conversation_id,
    });
    expect(after.data.conversation.missing_report_ids).toEqual([own.report_id, shared2025.report_id]);
    expect(after.data.messages.length).toBe(detail.data.messages.length);
    const again = await streamPost(t, staff, '/api/report/pdf/askNew', {
      conversation_id: conversation.conversation_id,
      prompt: 'What was the snack market size in 2024?',
    });
    expect((again.events.find((e) => e.event === 'finish')!.data.message as ReportMessage).status).toBe('done');
    const gone = await post(t, admin, '/api/report/file/delete', { report_id: shared2025.report_id });
    expect(gone.code).toBe(ErrorCode.resourceGone);
  });

  it('does not store the same PDF twice for one owner: the answer is the report already there', async () => {
    const bytes = await pdfOf(['Duplicate check memo.', 'The same content uploaded under another name.']);
    const send = async (token: string, name: string) => {
      const { payload, headers } = multipart({ filename: name, data: bytes });
      const res = await api(t, token, { method: 'POST', url: '/api/report/file/upload', payload, headers });
      return res.json() as { code: number; data: ReportSummary & { already_uploaded: boolean } };
    };
    const first = await send(staff, 'memo.pdf');
    expect(first.code).toBe(0);
    expect(first.data.already_uploaded).toBe(false);
    const again = await send(staff, 'memo (1).pdf');
    expect(again.code).toBe(0);
    expect(again.data).toMatchObject({ already_uploaded: true, report_id: first.data.report_id, title: 'memo' });
    const mine = allReports((await home(staff)).data).filter((r) => r.title.startsWith('memo'));
    expect(mine.map((r) => r.report_id)).toEqual([first.data.report_id]);
    // Another owner's copy is theirs to keep.
    const other = await send(admin, 'memo.pdf');
    expect(other.data.already_uploaded).toBe(false);
    expect(other.data.report_id).not.toBe(first.data.report_id);
    for (const [token, id] of [
      [staff, first.data.report_id],
      [admin, other.data.report_id],
    ] as const)
      expect((await post(t, token, '/api/report/file/delete', { report_id: id })).code).toBe(0);
  });
});

describe('report: per-app rights', () => {
  let t: TestApp;
  let staff = '';
  beforeAll(async () => {
    t = await buildSessionsApp({
      config: (c) => ({
        ...c,
        access_rules: [
          ...c.access_rules,
          { subject_type: 'user' as const, subject: 'staff', app_key: 'report', effect: 'deny' as const },
        ],
      }),
    });
    staff = await tokenFor(t, 'staff');
  });
  afterAll(async () => t?.close());

  it.each([
    ['GET', '/api/report/home/reportCategory'],
    ['POST', '/api/report/conversation/create'],
    ['GET', '/api/report/conversation/detail'],
    ['POST', '/api/report/pdf/askNew'],
    ['GET', '/api/report/pdf/sliceFileDetail'],
    ['POST', '/api/report/pdf/brief'],
    ['GET', '/api/report/export'],
  ] as const)('refuses %s %s without the app', async (method, url) => {
    const res = await api(t, staff, { method, url, ...(method === 'POST' ? { payload: {} } : {}) });
    expect(res.json().code).toBe(ErrorCode.forbidden);
    expect(res.json().message).toBe(ErrorMessage.forbiddenApp);
  });
});

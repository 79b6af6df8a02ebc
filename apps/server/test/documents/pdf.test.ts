import {
  ErrorCode,
  type CheckDocStatusResponse,
  type PromptSuggestion,
  type SessionAsyncAskResponse,
  type SessionFile,
  type SessionInfoResponse,
  type SessionMessage,
  type SessionMessageListResponse,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentChunks, documents, files as filesTable } from '../../src/db/schema';
import type { TestApp } from '../helper';
import { smallPng } from '../files/fixtures';
import { buildSessionsApp, eventually, get, pdfOf, post, streamPost, tokenFor, upload } from '../sessions/helpers';

const PAGES = [
  'Annual report of the Orion project.\nThe team was founded in Hangzhou in 2019.',
  'Financial results.\nThe gross margin reached 42 percent in 2025, driven by the cloud business.',
  'Outlook.\nThe company plans to open a research centre in Chengdu next year.',
];

describe('pdf: upload, parse, ask with page citations', () => {
  let t: TestApp;
  let admin = '';
  let staff = '';
  let sessionId = '';
  let fileId = '';

  const status = (token: string, session: string, ids?: string[]) =>
    post<CheckDocStatusResponse>(t, token, '/api/pdf/file/check_doc_status', {
      session_id: session,
      ...(ids ? { file_ids: ids } : {}),
    });

  beforeAll(async () => {
    t = await buildSessionsApp();
    admin = await tokenFor(t, 'admin');
    staff = await tokenFor(t, 'staff');
  });
  afterAll(async () => t?.close());

  it('uploads a PDF into a new session and parses it into pages by a job', async () => {
    const { env } = await upload<SessionFile>(t, admin, 'pdf', 'orion-report.pdf', await pdfOf(PAGES));
    expect(env.code).toBe(0);
    expect(env.data.name).toBe('orion-report.pdf');
    expect(['queued', 'parsing', 'ready']).toContain(env.data.status);
    sessionId = env.data.session_id;
    fileId = env.data.file_id;

    const settled = await eventually(
      () => status(admin, sessionId),
      (r) => r.code === 0 && r.data.settled,
    );
    expect(settled.data.list).toEqual([
      expect.objectContaining({ file_id: fileId, status: 'ready', reason: null, page_count: 3 }),
    ]);
    const info = await get<SessionInfoResponse>(t, admin, '/api/pdf/session/info', { session_id: sessionId });
    expect(info.data.session).toMatchObject({ session_id: sessionId, module: 'pdf', type: 5, file_count: 1 });
    expect(info.data.files[0]).toMatchObject({ file_id: fileId, status: 'ready', page_count: 3 });
    expect(info.data.files[0]!.chunk_count).toBeGreaterThanOrEqual(3);
  });

  it('answers a question on the stream, citing the page that holds the fact', async () => {
    const { events, json } = await streamPost(t, admin, '/api/pdf/message/receive', {
      session_id: sessionId,
      prompt: 'What was the gross margin in 2025?',
    });
    expect(json).toBeUndefined();
    const first = events[0]!;
    expect(first.event).toBe('message');
    const citations = first.data.citations as SessionMessage['citations'];
    expect(citations[0]).toMatchObject({
      index: 1,
      file_id: fileId,
      file_name: 'orion-report.pdf',
      page: 2,
      row: null,
    });
    expect(citations[0]!.quote).toContain('42 percent');
    const finish = events.find((e) => e.event === 'finish')!;
    const message = finish.data.message as SessionMessage;
    expect(message).toMatchObject({ status: 'done', demo: true, kind: 'answer' });
    expect(message.content).toContain('演示模型');
    expect(message.content).toContain('第2页');
    expect(message.content).toContain('[1]');

    const list = await get<SessionMessageListResponse>(t, admin, '/api/pdf/message/list', { session_id: sessionId });
    expect(list.data.list.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(list.data.list[0]!.content).toBe('What was the gross margin in 2025?');
    expect(list.data.list[1]!.citations[0]!.page).toBe(2);
  });

  it('asyncAsk answers the ids at once and getCompletion sees the answer finish', async () => {
    const started = await post<SessionAsyncAskResponse>(t, admin, '/api/pdf/prompt/asyncAsk', {
      session_id: sessionId,
      prompt: 'Where will the research centre open?',
    });
    expect(started.code).toBe(0);
    expect(started.data.session_id).toBe(sessionId);
    const done = await eventually(
      () => get<SessionMessage>(t, admin, '/api/pdf/prompt/getCompletion', { message_id: started.data.message_id }),
      (r) => r.code === 0 && r.data.status !== 'generating',
    );
    expect(done.data.status).toBe('done');
    expect(done.data.citations[0]!.page).toBe(3);
    expect(done.data.content).toContain('Chengdu');
    const question = await get<SessionMessage>(t, admin, '/api/pdf/message/completion', {
      message_id: started.data.user_message_id,
    });
    expect(question.data).toMatchObject({ role: 'user', content: 'Where will the research centre open?' });
  });

  it('says so when the documents hold nothing on the question', async () => {
    const { events } = await streamPost(t, admin, '/api/pdf/prompt/askStream', {
      session_id: sessionId,
      prompt: '量子纠缠',
    });
    const message = events.find((e) => e.event === 'finish')!.data.message as SessionMessage;
    expect(message.citations).toEqual([]);
    expect(message.content).toContain('文档中没有找到');
  });

  it('says the documents are still being parsed instead of claiming they lack the answer', async () => {
    const { env } = await upload<SessionFile>(t, admin, 'pdf', 'later.pdf', await pdfOf(['Later text about Chengdu.']));
    const pending = env.data;
    await eventually(
      () =>
        post<CheckDocStatusResponse>(t, admin, '/api/pdf/file/check_doc_status', { session_id: pending.session_id }),
      (r) => r.code === 0 && r.data.settled,
    );
    // As if its parse were still running (its job is done, so nothing moves it on).
    await t.app.db.update(documents).set({ status: 'parsing' }).where(eq(documents.fileId, pending.file_id));
    const { events } = await streamPost(t, admin, '/api/pdf/prompt/askStream', {
      session_id: pending.session_id,
      prompt: 'Where is the office?',
    });
    const message = events.find((e) => e.event === 'finish')!.data.message as SessionMessage;
    expect(message.content).toContain('文档仍在解析中');
    expect(message.content).not.toContain('文档中没有找到');
  });

  it('streams recommended questions and suggests prompts from the files', async () => {
    const { events } = await streamPost(t, admin, '/api/pdf/message/get_stream_recommend_question', {
      session_id: sessionId,
    });
    const questions = events.filter((e) => e.event === 'message').map((e) => String(e.data.question));
    expect(questions.length).toBeGreaterThanOrEqual(3);
    expect(questions[0]).toContain('orion-report.pdf');
    const finish = events.find((e) => e.event === 'finish')!;
    expect(finish.data).toEqual({ list: questions, demo: true });

    const prompts = await get<{ list: PromptSuggestion[] }>(t, admin, '/api/pdf/session/promptCompletions', {
      session_id: sessionId,
    });
    expect(prompts.data.list.length).toBeGreaterThan(3);
  });

  it('summarises the whole document from passages spread over its pages', async () => {
    const { events } = await streamPost(t, admin, '/api/pdf/message/receive', {
      session_id: sessionId,
      prompt: '请总结这份文档的主要内容',
    });
    const message = events.find((e) => e.event === 'finish')!.data.message as SessionMessage;
    expect(message.citations.map((c) => c.page)).toEqual([1, 2, 3]);
  });

  it('refuses a file whose content is not a PDF, whatever its name', async () => {
    const text = await upload(t, admin, 'pdf', 'report.pdf', Buffer.from('just some text, not a pdf'), sessionId);
    expect(text.status).toBe(415);
    expect(text.env.code).toBe(ErrorCode.unsupportedMediaType);
    const png = await upload(t, admin, 'pdf', 'scan.pdf', smallPng(), sessionId);
    expect(png.env.code).toBe(ErrorCode.unsupportedMediaType);
  });

  it('fails a PDF without a text layer and a broken PDF with Chinese reasons; reload parses again', async () => {
    const blank = await upload<SessionFile>(t, admin, 'pdf', 'scan.pdf', await pdfOf(['', '']), sessionId);
    const broken = await upload<SessionFile>(
      t,
      admin,
      'pdf',
      'broken.pdf',
      Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> garbage'),
      sessionId,
    );
    const ids = [blank.env.data.file_id, broken.env.data.file_id];
    const settled = await eventually(
      () => status(admin, sessionId, ids),
      (r) => r.code === 0 && r.data.settled,
    );
    const byId = new Map(settled.data.list.map((d) => [d.file_id, d]));
    expect(byId.get(ids[0]!)).toMatchObject({ status: 'failed', chunk_count: 0 });
    expect(byId.get(ids[0]!)!.reason).toContain('扫描件');
    expect(byId.get(ids[1]!)).toMatchObject({ status: 'failed', reason: '文件已损坏，无法解析' });

    const reload = await post<SessionFile>(t, admin, '/api/pdf/file/reload', {
      session_id: sessionId,
      file_id: fileId,
    });
    expect(reload.data.status).toBe('queued');
    await eventually(
      () => status(admin, sessionId, [fileId]),
      (r) => r.data.list[0]?.status === 'ready',
    );
  });

  it("treats another user's session, message and file ids like unknown ones", async () => {
    const unknownSession = 'f'.repeat(32);
    const list = await get<SessionMessageListResponse>(t, admin, '/api/pdf/message/list', { session_id: sessionId });
    const answerId = list.data.list[1]!.message_id;
    const calls: [string, () => Promise<{ code: number }>, () => Promise<{ code: number }>][] = [
      [
        'session/info',
        () => get(t, staff, '/api/pdf/session/info', { session_id: sessionId }),
        () => get(t, staff, '/api/pdf/session/info', { session_id: unknownSession }),
      ],
      [
        'message/list',
        () => get(t, staff, '/api/pdf/message/list', { session_id: sessionId }),
        () => get(t, staff, '/api/pdf/message/list', { session_id: unknownSession }),
      ],
      [
        'prompt/getCompletion',
        () => get(t, staff, '/api/pdf/prompt/getCompletion', { message_id: answerId }),
        () => get(t, staff, '/api/pdf/prompt/getCompletion', { message_id: unknownSession }),
      ],
      [
        'file/list',
        () => get(t, staff, '/api/pdf/file/list', { session_id: sessionId }),
        () => get(t, staff, '/api/pdf/file/list', { session_id: unknownSession }),
      ],
      [
        'file/delete',
        () => post(t, staff, '/api/pdf/file/delete', { session_id: sessionId, file_id: fileId }),
        () => post(t, staff, '/api/pdf/file/delete', { session_id: unknownSession, file_id: fileId }),
      ],
      [
        'prompt/asyncAsk',
        () => post(t, staff, '/api/pdf/prompt/asyncAsk', { session_id: sessionId, prompt: 'margin?' }),
        () => post(t, staff, '/api/pdf/prompt/asyncAsk', { session_id: unknownSession, prompt: 'margin?' }),
      ],
      [
        'file/download',
        () => get(t, staff, '/api/pdf/file/download', { file_id: fileId }),
        () => get(t, staff, '/api/pdf/file/download', { file_id: unknownSession }),
      ],
    ];
    for (const [name, theirs, unknown] of calls) {
      const [a, b] = [await theirs(), await unknown()];
      expect(a.code, name).not.toBe(0);
      expect(a.code, name).toBe(b.code);
    }
    // A file of one's own session cannot be reached through another session of one's own either.
    const other = await post<{ session_id: string }>(t, admin, '/api/pdf/session/create', {});
    const cross = await post(t, admin, '/api/pdf/file/reload', { session_id: other.data.session_id, file_id: fileId });
    expect(cross.code).toBe(ErrorCode.resourceGone);
    // The owner's file is untouched.
    const still = await get<{ list: SessionFile[] }>(t, admin, '/api/pdf/file/list', { session_id: sessionId });
    expect(still.data.list.some((f) => f.file_id === fileId)).toBe(true);
  });

  it('deletes a file with its chunks and its stored object', async () => {
    const [stored] = await t.app.db.select().from(filesTable).where(eq(filesTable.id, fileId));
    expect(await t.app.services.files.service.store.get(stored!.storageKey)).toBeTruthy();
    const removed = await post(t, admin, '/api/pdf/file/delete', { session_id: sessionId, file_id: fileId });
    expect(removed.code).toBe(0);
    expect(await t.app.services.files.service.store.get(stored!.storageKey)).toBeFalsy();
    expect(await t.app.db.select().from(documentChunks).where(eq(documentChunks.fileId, fileId))).toEqual([]);
    expect(await t.app.db.select().from(filesTable).where(eq(filesTable.id, fileId))).toEqual([]);
    const files = await get<{ list: SessionFile[] }>(t, admin, '/api/pdf/file/list', { session_id: sessionId });
    expect(files.data.list.some((f) => f.file_id === fileId)).toBe(false);
    const { events } = await streamPost(t, admin, '/api/pdf/message/receive', {
      session_id: sessionId,
      prompt: 'What was the gross margin in 2025?',
    });
    const message = events.find((e) => e.event === 'finish')!.data.message as SessionMessage;
    expect(message.citations).toEqual([]);
  });
});

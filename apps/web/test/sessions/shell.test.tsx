import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

/** pdf.js stands aside: the viewer draws nothing in jsdom, but says which page it opened. */
vi.mock('../../src/components/pdf-viewer/pdf-engine', () => ({
  openPdf: () =>
    Promise.resolve({
      pageCount: 5,
      pageSize: () => Promise.resolve({ width: 600, height: 800 }),
      render: () => ({ done: Promise.resolve(), cancel: () => undefined }),
      close: () => undefined,
    }),
}));
import { fileStatusTiming } from '../../src/features/sessions/hooks/use-session-files';
import {
  createSessionBackend,
  file,
  hex,
  installChatDom,
  openFiles,
  renderSessions,
  resetSessionState,
  session,
  sessionMessage,
} from './sessions-harness';

beforeAll(installChatDom);
beforeEach(resetSessionState);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fileStatusTiming.intervalMs = 2000;
});

const S1 = hex(1);
const S2 = hex(2);

describe('session tools shell', { timeout: 90_000 }, () => {
  it('lists sessions, opens one from ?id=, and moves between them with the keyboard', async () => {
    const backend = createSessionBackend({
      sessions: [session(S1, '季度财报分析'), session(S2, '合同审阅')],
      messages: { [S1]: [sessionMessage({ message_id: hex('a'), role: 'user', content: '营收是多少？' })] },
    });
    const { router } = renderSessions(`/pdf/session?id=${S1}`, backend);

    expect(await screen.findByText('营收是多少？')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('session-title').textContent).toBe('季度财报分析'));
    expect(backend.calls('/api/pdf/message/list')[0]?.params.get('session_id')).toBe(S1);

    const list = screen.getByRole('list', { name: '会话' });
    const first = within(list).getByText('季度财报分析').closest('button')!;
    expect(first.getAttribute('aria-current')).toBe('page');
    first.focus();
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    const second = within(list).getByText('合同审阅').closest('button')!;
    expect(document.activeElement).toBe(second);
    fireEvent.click(second);
    await waitFor(() => expect(router.state.location.search).toBe(`?id=${S2}`));

    fireEvent.click(screen.getByRole('button', { name: /新建会话/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pdf/welcome'));
  });

  it('renames and deletes the open session from its header', async () => {
    const backend = createSessionBackend({ sessions: [session(S1, '旧名字', 'insight'), session(S2, '留下的')] });
    const { router } = renderSessions(`/insight/session?id=${S1}`, backend);
    await waitFor(() => expect(screen.getByTestId('session-title').textContent).toBe('旧名字'));

    fireEvent.click(screen.getByRole('button', { name: '重命名会话' }));
    const input = await screen.findByLabelText('会话名称');
    fireEvent.change(input, { target: { value: '  耳机评论  ' } });
    fireEvent.click(screen.getByRole('button', { name: /^保\s*存$/ }));
    await waitFor(() =>
      expect(backend.calls('/api/insight/session/update')[0]?.body).toEqual({
        session_id: S1,
        session_name: '耳机评论',
      }),
    );
    await waitFor(() => expect(screen.getByTestId('session-title').textContent).toBe('耳机评论'));

    fireEvent.click(screen.getByRole('button', { name: '删除会话' }));
    fireEvent.click(await screen.findByRole('button', { name: /^删\s*除$/ }));
    await waitFor(() => expect(backend.calls('/api/insight/session/delete')[0]?.body).toEqual({ session_id: S1 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/insight/welcome'));
    await waitFor(() => expect(screen.queryByText('耳机评论')).toBeNull());
  });

  it('opens the file picker from the welcome page; no session is made before a file is picked', async () => {
    const backend = createSessionBackend();
    const { router } = renderSessions('/pdf/welcome', backend);
    expect(await screen.findByText('暂无会话')).toBeTruthy();
    const input = document.querySelector<HTMLInputElement>('[data-testid="file-upload-input"]')!;
    let picked = 0;
    input.addEventListener('click', () => (picked += 1));
    fireEvent.click(screen.getByRole('button', { name: '新建会话并上传 PDF' }));
    expect(picked).toBe(1);
    expect(input.accept).toBe('.pdf');
    expect(screen.getByText('点击或拖拽文件到此处上传')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/pdf/welcome');
    expect(backend.calls('/api/pdf/session/create')).toHaveLength(0);
  });

  it('polls check_doc_status every interval until each file is ready or failed, then stops', async () => {
    fileStatusTiming.intervalMs = 30;
    const F1 = hex('f1');
    const F2 = hex('f2');
    const backend = createSessionBackend({
      sessions: [session(S1, '两份报告')],
      files: [file(F1, { status: 'queued', page_count: null }), file(F2, { name: '扫描件.pdf', status: 'parsing' })],
      docStatus: (call, ids) =>
        ids.map((id) => {
          if (id === F2)
            return {
              file_id: id,
              status: 'failed',
              reason: '需要密码的 PDF 无法解析',
              page_count: null,
              chunk_count: 0,
            };
          return call < 3
            ? { file_id: id, status: 'parsing', reason: null, page_count: null, chunk_count: 0 }
            : { file_id: id, status: 'ready', reason: null, page_count: 12, chunk_count: 30 };
        }),
    });
    renderSessions(`/pdf/session?id=${S1}`, backend);
    await openFiles();

    const statuses = async () =>
      (await screen.findAllByTestId('session-file-status')).map((el) => el.textContent?.trim());
    expect(await statuses()).toEqual(['排队中', '解析中']);
    expect(await screen.findByText('需要密码的 PDF 无法解析')).toBeTruthy();
    await waitFor(async () => expect(await statuses()).toEqual(['已就绪', '解析失败']));
    expect(screen.getByText(/12 页/)).toBeTruthy();
    const first = backend.calls('/file/check_doc_status')[0];
    expect(first?.body).toEqual({ session_id: S1, file_ids: [F1, F2] });
    // The failed file is no longer asked about; after the last file settled nothing is polled.
    expect(backend.calls('/file/check_doc_status')[1]?.body).toEqual({ session_id: S1, file_ids: [F1] });
    const settledAt = backend.calls('/file/check_doc_status').length;
    await new Promise((r) => setTimeout(r, 200));
    expect(backend.calls('/file/check_doc_status')).toHaveLength(settledAt);

    // 重试 parses the failed file again and polling resumes for it.
    fireEvent.click(screen.getByRole('button', { name: /重试/ }));
    await waitFor(() => expect(backend.calls('/file/reload')[0]?.body).toEqual({ session_id: S1, file_id: F2 }));
    await waitFor(() => expect(backend.calls('/file/check_doc_status').length).toBeGreaterThan(settledAt));
  });

  it('shows OCR waiting for a worker, then progress in pages, and keeps polling until ready', async () => {
    fileStatusTiming.intervalMs = 30;
    const F1 = hex('f1');
    // Polls 1–10: every OCR worker busy with other files; 11–20: pages read; then ready.
    const backend = createSessionBackend({
      sessions: [session(S1, '扫描件')],
      files: [file(F1, { name: '扫描合同.pdf', status: 'parsing', page_count: null })],
      docStatus: (call, ids) =>
        ids.map((id) =>
          call <= 20
            ? {
                file_id: id,
                status: 'ocr',
                reason: null,
                page_count: null,
                chunk_count: 0,
                ocr_progress: call <= 10 ? { done: 0, total: 10, waiting: true } : { done: 3, total: 10 },
              }
            : { file_id: id, status: 'ready', reason: null, page_count: 10, chunk_count: 10, ocr_progress: null },
        ),
    });
    renderSessions(`/pdf/session?id=${S1}`, backend);
    await openFiles();
    const status = async () => (await screen.findByTestId('session-file-status')).textContent?.trim();
    await waitFor(async () => expect(await status()).toBe('等待识别 0/10 页'));
    await waitFor(async () => expect(await status()).toBe('识别中 3/10 页'));
    await waitFor(async () => expect(await status()).toBe('已就绪'));
  });

  it('shows what a ready file skipped: pages whose images were too large to read', async () => {
    const F1 = hex('f1');
    const backend = createSessionBackend({
      sessions: [session(S1, '扫描件')],
      files: [file(F1, { name: '图纸.pdf', reason: '第 2 页图片过大，已跳过识别' })],
    });
    renderSessions(`/pdf/session?id=${S1}`, backend);
    await openFiles();
    const note = await screen.findByTestId('session-file-note');
    expect(note.textContent).toBe('第 2 页图片过大，已跳过识别');
    expect((await screen.findByTestId('session-file-status')).textContent?.trim()).toBe('已就绪');
    // A note, not a failure.
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('streams a cited answer and opens the PDF at the cited page with the passage', async () => {
    const F1 = hex('f1');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:pdf-1', revokeObjectURL: () => undefined }));
    const backend = createSessionBackend({
      sessions: [session(S1, '年报')],
      files: [file(F1)],
      slices: {
        '31': {
          chunk_id: '31',
          file_id: F1,
          text: '全年净利润为 1.2 亿元',
          page: 3,
          row: null,
          position: { page_width: 600, page_height: 800, rects: [[0.1, 0.4, 0.5, 0.02]] },
        },
      },
    });
    renderSessions(`/pdf/session?id=${S1}`, backend);
    await screen.findByText('文档解析完成后即可提问，回答会标注引用的页码。');

    const box = document.querySelector<HTMLTextAreaElement>('.chat-composer textarea')!;
    fireEvent.change(box, { target: { value: '净利润是多少？' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(backend.calls('/api/pdf/prompt/askStream')).toHaveLength(1));
    const stream = backend.streams.find((s) => s.path.endsWith('/prompt/askStream'))!;
    expect(stream.body).toMatchObject({ session_id: S1, action: 'ask', prompt: '净利润是多少？' });
    const citation = {
      index: 1,
      file_id: F1,
      file_name: '年报.pdf',
      page: 3,
      row: null,
      quote: '全年净利润为 1.2 亿元',
      chunk_id: '31',
    };
    const ids = { session_id: S1, message_id: hex('a9') };
    stream.send('message', { ...ids, text: '净利润为 1.2 亿元 [1]。', citations: [citation] });
    stream.send('finish', {
      ...ids,
      user_message_id: hex('b9'),
      status: 'done',
      message: sessionMessage({ ...ids, role: 'assistant', content: '净利润为 1.2 亿元 [1]。', citations: [citation] }),
    });
    stream.close();

    const sources = await screen.findByLabelText('参考来源');
    const link = within(sources).getByText('年报.pdf · 第3页');
    expect(link.getAttribute('href')).toContain(`file=${F1}`);
    expect(link.getAttribute('href')).toContain('page=3');
    fireEvent.click(link);

    const viewer = await screen.findByTestId('source-viewer');
    expect(within(viewer).getByLabelText('引用原文').textContent).toBe('全年净利润为 1.2 亿元');
    const pdf = await within(viewer).findByTestId('pdf-viewer');
    await waitFor(() => expect(pdf.getAttribute('data-state')).toBe('ready'));
    expect(pdf.getAttribute('data-page')).toBe('3');
    // The passage's place comes from the server and is marked on the page.
    expect(within(viewer).getAllByTestId('pdf-highlight')).toHaveLength(1);
    expect(backend.calls('/api/pdf/file/slice')[0]?.params.get('chunk_id')).toBe('31');
    expect(screen.getByRole('link', { name: /新标签页打开/ }).getAttribute('href')).toBe('blob:pdf-1#page=3');
    const download = backend.calls('/api/pdf/file/download')[0];
    expect(download?.params.get('file_id')).toBe(F1);
  });
});

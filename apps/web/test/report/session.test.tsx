import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import ConfigProvider from 'antd/es/config-provider';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type {
  DocCitation,
  IndustryBrief,
  ReportConversationDetail,
  ReportMessage,
  ReportSummary,
} from '@portal/contract';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReportSessionPage } from '../../src/features/report';
import { useReportStore } from '../../src/features/report/store/report-store';
import { installTestClient } from '../../src/testing/install-test-client';
import { installChatDom } from '../chat/chat-harness';

beforeAll(installChatDom);
beforeEach(() => useReportStore.setState({ sessions: {}, extras: {}, running: {} }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const encoder = new TextEncoder();
const envelope = (data: unknown) =>
  new Response(JSON.stringify({ code: 0, message: 'ok', data }), {
    headers: { 'content-type': 'application/json' },
  });

const report = (id: string, title: string): ReportSummary => ({
  report_id: id,
  title,
  source: '测试研究院',
  date: '2024-06-01',
  pages: 4,
  status: 'ready',
  reason: null,
  scope: 'shared',
  category_id: 1,
  created_at: '2024-06-02T00:00:00.000Z',
});

const detail: ReportConversationDetail = {
  conversation: {
    conversation_id: 'c1',
    title: '零食报告',
    reports: [report('r1', '2024零食报告'), report('r2', '2025零食报告')],
    missing_report_ids: [],
    created_at: '2024-06-03T00:00:00.000Z',
    updated_at: '2024-06-03T00:00:00.000Z',
  },
  messages: [],
};

const citation: DocCitation = {
  index: 1,
  file_id: 'f'.repeat(32),
  file_name: '2024零食报告',
  page: 2,
  row: null,
  quote: 'The snack market size reached 1.2 trillion yuan',
  chunk_id: '15',
};

const stored = (over: Partial<ReportMessage>): ReportMessage => ({
  message_id: 'a1',
  conversation_id: 'c1',
  role: 'assistant',
  kind: 'answer',
  content: '',
  citations: [citation],
  brief: null,
  comparison: null,
  status: 'done',
  demo: false,
  created_at: '2024-06-03T00:00:00.000Z',
  ...over,
});

interface Stream {
  path: string;
  body: Record<string, unknown>;
  aborted: boolean;
  send(event: string, data: unknown): void;
}

/** The report API in memory: JSON calls answer at once, each stream stays open for the test to drive. */
function backend(conversation: ReportConversationDetail = detail, completion?: ReportMessage) {
  const streams: Stream[] = [];
  const stopped: string[] = [];
  const fetchImpl = (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const path = new URL(String(input), 'http://portal.test').pathname;
    const followed = path === '/api/report/message/follow';
    if (followed || (path.startsWith('/api/report/pdf/') && path !== '/api/report/pdf/questions')) {
      let controller!: ReadableStreamDefaultController<Uint8Array>;
      const stream: Stream = {
        path,
        body: JSON.parse(String(init.body)) as Record<string, unknown>,
        aborted: false,
        send: (event, data) => controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)),
      };
      init.signal?.addEventListener('abort', () => {
        stream.aborted = true;
      });
      streams.push(stream);
      const readable = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
      return Promise.resolve(new Response(readable, { headers: { 'content-type': 'text/event-stream' } }));
    }
    if (path === '/api/report/conversation/detail') return Promise.resolve(envelope(conversation));
    if (path === '/api/report/message/completion') return Promise.resolve(envelope(completion));
    if (path === '/api/report/message/stop') {
      stopped.push(String((JSON.parse(String(init.body)) as { message_id: string }).message_id));
      return Promise.resolve(envelope(completion));
    }
    if (path === '/api/report/pdf/questions') return Promise.resolve(envelope({ list: ['市场规模有多大？'] }));
    return Promise.resolve(envelope(null));
  };
  const nextStream = async (): Promise<Stream> => {
    await waitFor(() => expect(streams.length).toBeGreaterThan(0));
    return streams.shift()!;
  };
  return { fetch: fetchImpl as typeof fetch, nextStream, stopped };
}

function renderPage(fetchImpl: typeof fetch) {
  vi.stubGlobal('fetch', fetchImpl);
  installTestClient(fetchImpl, '/report/session?id=c1');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/report/session', element: <ReportSessionPage /> }], {
    initialEntries: ['/report/session?id=c1'],
  });
  render(
    <ConfigProvider>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ConfigProvider>,
  );
  return { client };
}

const thread = () => useReportStore.getState().sessions.c1;
const lastAnswer = () => [...document.querySelectorAll<HTMLElement>('.report-answer')].at(-1);
const ids = { conversation_id: 'c1', message_id: 'a1' };

async function askTyped(question: string) {
  const box = await screen.findByRole('textbox', { name: '输入问题' });
  fireEvent.change(box, { target: { value: question } });
  fireEvent.keyDown(box, { key: 'Enter', code: 'Enter' });
}

describe('the report conversation thread', { timeout: 90_000 }, () => {
  const question: ReportMessage = { ...stored({ message_id: 'q1', role: 'user', content: '市场规模有多大？' }) };
  const generating = { ...detail, messages: [question, stored({ content: '市场规模', status: 'generating' })] };

  it('follows an answer still written when the conversation opened (a reload) to its end', async () => {
    const api = backend(generating, stored({ content: '市场规模达到 1.2 万亿元 [1]。', status: 'done' }));
    renderPage(api.fetch);
    const stream = await api.nextStream();
    expect(stream.path).toBe('/api/report/message/follow');
    expect(stream.body).toEqual({ message_id: 'a1' });
    await waitFor(() => expect(thread()?.isAsking).toBe(1));
    act(() => stream.send('message', { message_id: 'a1', text: '市场规模达到', replace: true }));
    act(() => stream.send('message', { message_id: 'a1', text: ' 1.2 万亿元' }));
    await waitFor(() => expect(lastAnswer()?.textContent).toContain('市场规模达到 1.2 万亿元'));
    act(() => stream.send('finish', { message_id: 'a1', status: 'done' }));
    await waitFor(() => expect(thread()?.isAsking).toBe(0));
    expect(thread()?.list.at(-1)).toMatchObject({ status: 'done', content: '市场规模达到 1.2 万亿元 [1]。' });
    expect(api.stopped).toEqual([]);
  });

  it('stops a followed answer on the server with 停止', async () => {
    const api = backend(generating, stored({ content: '市场规模达到', status: 'aborted' }));
    renderPage(api.fetch);
    const stream = await api.nextStream();
    act(() => stream.send('message', { message_id: 'a1', text: '市场规模达到', replace: true }));
    fireEvent.click(await screen.findByRole('button', { name: /停\s?止/ }));
    await waitFor(() => expect(api.stopped).toEqual(['a1']));
    expect(stream.aborted).toBe(true);
    await waitFor(() => expect(thread()?.list.at(-1)?.status).toBe('aborted'));
  });

  it('streams an answer into the store: increments patch it, finish replaces it with the stored message', async () => {
    const api = backend();
    renderPage(api.fetch);
    await askTyped('市场规模有多大？');
    const stream = await api.nextStream();
    expect(stream.path).toBe('/api/report/pdf/askNew');
    expect(stream.body).toEqual({ conversation_id: 'c1', prompt: '市场规模有多大？' });
    expect(screen.getByText('市场规模有多大？', { selector: '.report-question' })).toBeTruthy();
    expect(thread()?.isAsking).toBe(1);

    act(() => stream.send('message', { ...ids, text: '', citations: [citation] }));
    act(() => stream.send('message', { ...ids, text: '市场规模' }));
    act(() => stream.send('message', { ...ids, text: '达到 1.2 万亿元[1]' }));
    await waitFor(() => expect(lastAnswer()?.textContent).toContain('市场规模达到 1.2 万亿元'));
    expect(lastAnswer()?.querySelector('.report-citation')?.textContent).toBe('[1] 2024零食报告 第2页');
    expect(screen.queryByRole('button', { name: '导出 Word' })).toBeNull();

    act(() =>
      stream.send('finish', {
        ...ids,
        user_message_id: 'q1',
        message: stored({ content: '市场规模达到 1.2 万亿元 [1]。' }),
      }),
    );
    await waitFor(() => expect(thread()?.isAsking).toBe(0));
    const [question, answer] = thread()?.list ?? [];
    expect(question).toMatchObject({ message_id: 'q1', role: 'user', content: '市场规模有多大？' });
    expect(answer).toMatchObject({ message_id: 'a1', status: 'done', content: '市场规模达到 1.2 万亿元 [1]。' });
    await waitFor(() => expect(lastAnswer()?.textContent).toContain('1.2 万亿元 [1]。'));
    expect(screen.getByRole('button', { name: '导出 Word' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '导出 Markdown' })).toBeTruthy();
  });

  it('drops the text a restarted brief wrote before, and shows the stored brief once finished', async () => {
    const api = backend();
    renderPage(api.fetch);
    fireEvent.click(await screen.findByRole('button', { name: '生成行业简报' }));
    const stream = await api.nextStream();
    expect(stream.path).toBe('/api/report/pdf/brief');
    expect(stream.body).toEqual({ conversation_id: 'c1' });
    expect(screen.getByText('生成行业简报', { selector: '.report-question' })).toBeTruthy();

    act(() => stream.send('message', { ...ids, text: '', citations: [citation] }));
    act(() => stream.send('message', { ...ids, text: '格式不对的初稿' }));
    await waitFor(() => expect(lastAnswer()?.textContent).toContain('格式不对的初稿'));
    act(() => stream.send('message', { ...ids, text: '', restart: true }));
    act(() => stream.send('message', { ...ids, text: '重写的简报' }));
    await waitFor(() => expect(lastAnswer()?.textContent).toContain('重写的简报'));
    expect(lastAnswer()?.textContent).not.toContain('格式不对的初稿');

    const brief: IndustryBrief = {
      origin: 'demo',
      sections: [{ key: 'market', title: '市场规模与增长', items: [{ text: '市场规模 1.2 万亿元', citations: [1] }] }],
    };
    act(() =>
      stream.send('finish', {
        ...ids,
        user_message_id: 'q1',
        message: stored({ kind: 'brief', content: '## 市场规模与增长', brief, demo: true }),
      }),
    );
    await waitFor(() => expect(lastAnswer()?.querySelector('.report-brief')).toBeTruthy());
    expect(lastAnswer()?.textContent).toContain('演示模型');
    expect(lastAnswer()?.textContent).toContain('市场规模 1.2 万亿元');
    expect(lastAnswer()?.textContent).not.toContain('重写的简报');
    expect(thread()?.list.at(-1)).toMatchObject({ status: 'done', content: '## 市场规模与增长' });
  });

  it('offers the comparison only when nothing is being written, so a started comparison is never dropped', async () => {
    const api = backend();
    renderPage(api.fetch);
    const compare = await screen.findByRole('button', { name: '对比报告' });
    expect(compare.hasAttribute('disabled')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: '生成行业简报' }));
    const brief = await api.nextStream();
    await waitFor(() => expect(compare.hasAttribute('disabled')).toBe(true));
    act(() =>
      brief.send('finish', { ...ids, user_message_id: 'q1', message: stored({ kind: 'brief', content: '简报' }) }),
    );
    await waitFor(() => expect(compare.hasAttribute('disabled')).toBe(false));

    fireEvent.click(compare);
    const picker = await screen.findByRole('dialog', { name: '报告对比' });
    fireEvent.click(within(picker).getByRole('button', { name: /开始对比/ }));
    const comparison = await api.nextStream();
    expect(comparison.path).toBe('/api/report/pdf/compare');
    expect(comparison.body).toEqual({ conversation_id: 'c1', report_ids: ['r1', 'r2'] });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /生成行业简报/ }).hasAttribute('disabled')).toBe(true),
    );
  });

  it('marks the answer incomplete on an error event, keeping its text, and says so', async () => {
    const api = backend();
    renderPage(api.fetch);
    await askTyped('主要企业有哪些？');
    const stream = await api.nextStream();
    act(() => stream.send('message', { ...ids, text: '三只松鼠' }));
    await waitFor(() => expect(lastAnswer()?.textContent).toContain('三只松鼠'));
    act(() => stream.send('error', { ...ids, code: 6001, message: '模型服务暂不可用' }));
    await waitFor(() => expect(thread()?.isAsking).toBe(0));
    expect(thread()?.list.at(-1)?.status).toBe('incomplete');
    expect(lastAnswer()?.textContent).toContain('三只松鼠');
    expect(lastAnswer()?.textContent).toContain('回答未完成');
    expect(await screen.findByText('回答未完成，请重新提问')).toBeTruthy();
  });

  it('shows the error as the text of an answer that failed before any text', async () => {
    const api = backend();
    renderPage(api.fetch);
    await askTyped('风险是什么？');
    const stream = await api.nextStream();
    act(() => stream.send('error', { ...ids, code: 6001, message: '模型服务暂不可用' }));
    await waitFor(() => expect(lastAnswer()?.textContent).toContain('模型服务暂不可用'));
    expect(lastAnswer()?.textContent).toContain('回答未完成');
  });

  it('stop aborts the stream and marks the answer aborted, without an error toast', async () => {
    const api = backend();
    renderPage(api.fetch);
    await askTyped('发展趋势如何？');
    const stream = await api.nextStream();
    act(() => stream.send('message', { ...ids, text: '一半的回答' }));
    await waitFor(() => expect(lastAnswer()?.textContent).toContain('一半的回答'));
    fireEvent.click(screen.getByRole('button', { name: /停\s?止/ }));
    await waitFor(() => expect(thread()?.isAsking).toBe(0));
    expect(stream.aborted).toBe(true);
    expect(thread()?.list.at(-1)?.status).toBe('aborted');
    expect(lastAnswer()?.textContent).toContain('一半的回答');
    expect(lastAnswer()?.textContent).toContain('回答未完成');
    expect(screen.queryByText('回答未完成，请重新提问')).toBeNull();
    expect(screen.getByRole('button', { name: /发\s?送/ })).toBeTruthy();
  });

  it('refreshes an expired sign-in through the HTTP client and opens the stream again', async () => {
    const api = backend();
    let expired = true;
    const fetchImpl = ((input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://portal.test').pathname;
      if (path === '/api/user/refreshToken') {
        expired = false;
        const token = (t: string) => ({ token: t, expire_at: Date.now() + 60_000 });
        return Promise.resolve(envelope({ access_token: token('a2'), refresh_token: token('r2') }));
      }
      if (expired && path === '/api/report/pdf/askNew') {
        const body = JSON.stringify({ code: 1001, message: '登录凭证已过期', data: null });
        return Promise.resolve(new Response(body, { status: 401, headers: { 'content-type': 'application/json' } }));
      }
      return api.fetch(input, init);
    }) as typeof fetch;
    renderPage(fetchImpl);
    await askTyped('过期了吗？');
    const stream = await api.nextStream();
    expect(stream.body).toEqual({ conversation_id: 'c1', prompt: '过期了吗？' });
    act(() => stream.send('message', { ...ids, text: '没有过期' }));
    act(() => stream.send('finish', { ...ids, user_message_id: 'q1', message: stored({ content: '没有过期' }) }));
    await waitFor(() => expect(thread()?.list.at(-1)?.status).toBe('done'));
    expect(lastAnswer()?.textContent).toContain('没有过期');
    expect(document.querySelectorAll('.report-question')).toHaveLength(1);
    expect(screen.queryByText('回答未完成，请重新提问')).toBeNull();
  });

  it('keeps the answers of this visit when the conversation is renamed', async () => {
    const api = backend();
    const { client } = renderPage(api.fetch);
    await askTyped('市场规模有多大？');
    const stream = await api.nextStream();
    act(() => stream.send('finish', { ...ids, user_message_id: 'q1', message: stored({ content: '一万亿元' }) }));
    await waitFor(() => expect(lastAnswer()?.textContent).toContain('一万亿元'));
    // What 编辑会话 does once saved: the conversation in the cached detail changes, its messages do not.
    act(() =>
      client.setQueryData<ReportConversationDetail>(['report-detail', 'c1'], (old) =>
        old ? { ...old, conversation: { ...old.conversation, title: '新标题' } } : old,
      ),
    );
    await screen.findByText('新标题', { selector: '.report-session-title' });
    expect(lastAnswer()?.textContent).toContain('一万亿元');
    expect(thread()?.list).toHaveLength(2);
  });
});

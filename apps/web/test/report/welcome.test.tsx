import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import ConfigProvider from 'antd/es/config-provider';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ReportCategoryResponse, ReportSummary } from '@portal/contract';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ReportWelcomePage } from '../../src/features/report';
import { installTestClient } from '../../src/testing/install-test-client';
import { installChatDom } from '../chat/chat-harness';

beforeAll(installChatDom);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ code: 0, message: 'ok', data }), {
    headers: { 'content-type': 'application/json' },
  });

const summary: ReportSummary = {
  report_id: 'r1',
  title: '2024零食报告',
  source: '测试研究院',
  date: '2024-06-01',
  pages: 4,
  status: 'ready',
  reason: null,
  scope: 'shared',
  category_id: 1,
  created_at: '2024-06-02T00:00:00.000Z',
};

/** The library API in memory, as an administrator sees it; records every call. */
function backend() {
  const library: ReportCategoryResponse = {
    can_manage: true,
    list: [{ category_id: 1, name: '休闲食品', reports: [summary] }],
  };
  const calls: { path: string; body: unknown }[] = [];
  const fetchImpl = (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const path = new URL(String(input), 'http://portal.test').pathname;
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ path, body });
    if (path === '/api/report/home/reportCategory') return Promise.resolve(envelope(library));
    if (path === '/api/report/conversation/list') return Promise.resolve(envelope({ list: [] }));
    if (path === '/api/report/admin/category/create') {
      // Like the server: the new category, still empty.
      const created = { category_id: 2, name: (body as { name: string }).name, reports: [] };
      library.list.push(created);
      return Promise.resolve(envelope(created));
    }
    if (path === '/api/report/conversation/create') {
      return Promise.resolve(
        envelope({
          conversation_id: 'c7',
          title: summary.title,
          reports: [summary],
          missing_report_ids: [],
          created_at: '2024-06-03T00:00:00.000Z',
          updated_at: '2024-06-03T00:00:00.000Z',
        }),
      );
    }
    return Promise.resolve(envelope(null));
  };
  return { fetch: fetchImpl as typeof fetch, calls: (path: string) => calls.filter((c) => c.path === path) };
}

function renderWelcome(fetchImpl: typeof fetch) {
  vi.stubGlobal('fetch', fetchImpl);
  installTestClient(fetchImpl, '/report/welcome');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/report/welcome', element: <ReportWelcomePage /> },
      { path: '/report/session', element: <div>会话页</div> },
    ],
    { initialEntries: ['/report/welcome'] },
  );
  render(
    <ConfigProvider>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ConfigProvider>,
  );
  return router;
}

describe('the report library screen', { timeout: 90_000 }, () => {
  it('creates a shared category and offers it as an upload target', async () => {
    const api = backend();
    renderWelcome(api.fetch);
    const name = await screen.findByRole('textbox', { name: '新建共享分类名称' });
    fireEvent.change(name, { target: { value: '饮料' } });
    fireEvent.click(screen.getByRole('button', { name: '新建分类' }));
    expect(await screen.findByText('分类已创建')).toBeTruthy();
    expect(api.calls('/api/report/admin/category/create').map((c) => c.body)).toEqual([{ name: '饮料' }]);
    await waitFor(() => expect(api.calls('/api/report/home/reportCategory').length).toBeGreaterThan(1));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '上传到' }));
    expect(await screen.findByText('共享：饮料')).toBeTruthy();
  });

  it('starts a conversation on the chosen reports and opens it', async () => {
    const api = backend();
    const router = renderWelcome(api.fetch);
    fireEvent.click(await screen.findByRole('checkbox', { name: '选择 2024零食报告' }));
    expect(screen.getByText('已选 1 份报告')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /开始对话/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?id=c7'));
    expect(router.state.location.pathname).toBe('/report/session');
    expect(api.calls('/api/report/conversation/create').map((c) => c.body)).toEqual([{ report_ids: ['r1'] }]);
  });
});

import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppCatalogue } from '../../src/features/catalogue/components/app-catalogue';
import { buildRouteTable } from '../../src/app/router';
import { registerRoutes } from '../../src/lib/route-registry';
import { createFakeFetch, ok } from '../../src/testing/fake-fetch';
import { installDomPolyfills } from '../../src/testing/dom-polyfills';
import { installTestClient } from '../../src/testing/install-test-client';
import { appEntry } from '../../src/testing/fixtures';

beforeAll(() => {
  installDomPolyfills();
  registerRoutes(buildRouteTable());
});

afterEach(cleanup);

const apps = [
  appEntry({
    app_key: 'chatgpt',
    app_name: '通用对话',
    description: '日常问答',
    app_url: '/chatgpt',
    type_tags: ['通用工具'],
    scene_tags: ['写作'],
  }),
  appEntry({
    app_key: 'report',
    app_name: '行业分析报告',
    app_url: '/report',
    be_authorized: false,
    type_tags: ['国内业务'],
    scene_tags: ['分析'],
  }),
  appEntry({ app_key: 'misc', app_name: '小工具', app_url: '/misc/index.html' }),
];

function renderHome() {
  const fake = createFakeFetch((req) => (req.path === '/api/app/list' ? ok({ list: apps }) : ok()));
  installTestClient(fake.fetch, '/home');
  const router = createMemoryRouter(
    [
      { path: '/home', element: <AppCatalogue /> },
      { path: '/landing', element: <p>landing page</p> },
      { path: '/chatgpt', element: <p>chatgpt page</p> },
    ],
    { initialEntries: ['/home'] },
  );
  render(
    <AntApp>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AntApp>,
  );
  return { router, fake };
}

describe('home catalogue', { timeout: 20_000 }, () => {
  it('groups apps by type tag and marks apps without rights', async () => {
    renderHome();
    expect(await screen.findByText('通用对话')).toBeTruthy();
    const headings = [...document.querySelectorAll('section > h4')].map((h) => h.textContent);
    expect(headings).toEqual(['国内业务', '通用工具', '其他']);
    expect(screen.getByText('无权限')).toBeTruthy();
    expect(screen.getByLabelText('行业分析报告（无权限）')).toBeTruthy();
  });

  it('opens a card with Enter', async () => {
    const { router } = renderHome();
    const card = await screen.findByLabelText('通用对话');
    expect(card.getAttribute('tabindex')).toBe('0');
    fireEvent.keyDown(card, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/chatgpt'));
  });

  it('sends an app without rights to landing', async () => {
    const { router } = renderHome();
    fireEvent.click(await screen.findByLabelText('行业分析报告（无权限）'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/landing'));
    expect(router.state.location.search).toBe('?appKey=report&from=%2Freport');
  });

  it('shows the empty state when nothing matches the search', async () => {
    renderHome();
    await screen.findByText('通用对话');
    fireEvent.change(screen.getByLabelText('搜索应用名称'), { target: { value: '不存在' } });
    expect(await screen.findByText('没有找到匹配的应用')).toBeTruthy();
  });
});

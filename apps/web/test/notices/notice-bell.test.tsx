import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { NoticeBell } from '../../src/features/notices';
import { installDomPolyfills } from '../../src/testing/dom-polyfills';
import { createFakeFetch, ok } from '../../src/testing/fake-fetch';
import { installTestClient } from '../../src/testing/install-test-client';

beforeAll(() => installDomPolyfills());
afterEach(() => cleanup());

const notice = (id: number, read: boolean, title: string, body: string, link: string) => ({
  id,
  kind: 'access_request.denied',
  title,
  body,
  link,
  read,
  created_at: '2026-11-22T08:00:00.000Z',
});

describe('notice bell', { timeout: 60_000 }, () => {
  it('shows the unread count, opens the list, marks it read and follows a notice', async () => {
    let unread = 1;
    const fake = createFakeFetch((req) => {
      if (req.path === '/api/user/notices') {
        return ok({
          unread,
          list: [
            notice(2, unread === 0, '「DeepSeek」的使用申请未通过', '原因：暂不开放', '/landing?appKey=deepseek'),
            notice(1, true, '「图片设计」的使用申请已通过', '现在可以打开该应用了', ''),
          ],
        });
      }
      if (req.path === '/api/user/notices/read') {
        unread = 0;
        return ok({ unread: 0 });
      }
      return ok(null);
    });
    installTestClient(fake.fetch, '/home');
    const router = createMemoryRouter(
      [
        { path: '/home', element: <NoticeBell /> },
        { path: '/landing', element: <p>落地页</p> },
      ],
      { initialEntries: ['/home'] },
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );

    const bell = await screen.findByRole('button', { name: '通知（1 条未读）' });
    expect(bell.textContent).toContain('1');
    fireEvent.click(bell);
    expect(await screen.findByText('原因：暂不开放')).toBeTruthy();
    await waitFor(() => expect(fake.calls('/api/user/notices/read')).toHaveLength(1));
    expect(fake.calls('/api/user/notices/read')[0]?.body).toEqual({});
    await screen.findByRole('button', { name: '通知' });

    fireEvent.click(screen.getByText('「DeepSeek」的使用申请未通过'));
    expect(await screen.findByText('落地页')).toBeTruthy();
    expect(router.state.location.search).toBe('?appKey=deepseek');
  });

  it('says so when there is nothing', async () => {
    const fake = createFakeFetch(() => ok({ unread: 0, list: [] }));
    installTestClient(fake.fetch, '/home');
    const router = createMemoryRouter([{ path: '*', element: <NoticeBell /> }], { initialEntries: ['/home'] });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(fake.calls('/api/user/notices')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: '通知' }));
    expect(await screen.findByText('暂无通知')).toBeTruthy();
    expect(fake.calls('/api/user/notices/read')).toHaveLength(0);
  });
});

import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AdminConsolePage } from '../../src/features/admin-console';
import { findButton } from '../../src/testing/find-button';
import { installDomPolyfills } from '../../src/testing/dom-polyfills';
import { createFakeFetch, fail, ok, type FakeHandler } from '../../src/testing/fake-fetch';
import { installTestClient } from '../../src/testing/install-test-client';

beforeAll(() => installDomPolyfills());
afterEach(() => cleanup());

const person = {
  id: 2,
  subject: 'wecom:u2',
  login: 'staff',
  user_name: '张三',
  email: 'staff@example.com',
  groups: [],
  departments: ['wecom:2'],
  disabled: false,
  last_login_at: '2026-11-22T08:00:00.000Z',
  is_admin: false,
};

const window = { window_start: '2026-11-21T16:00:00.000Z', resets_at: '2026-11-22T16:00:00.000Z' };
const days = Array.from({ length: 30 }, (_, i) => ({
  date: `2026-10-${String(24 + i).padStart(2, '0')}`,
  counts: {} as Record<string, number>,
}));
days[29] = { date: '2026-11-22', counts: { chatgpt: 3, marketing: 1 } };
days[20] = { date: '2026-11-13', counts: { deepseek: 2 } };

const usage = {
  modules: [
    {
      module: 'chatgpt',
      used: 3,
      limit: 10,
      source: 'rule',
      rule: {
        id: 5,
        subject_type: 'department',
        subject: 'wecom:2',
        module: 'chatgpt',
        limit: 10,
        period: 'week',
        updated_at: '2026-11-20T08:00:00.000Z',
      },
      period: 'week',
      ...window,
    },
    {
      module: 'deepseek',
      used: 0,
      limit: null,
      source: 'rule',
      rule: {
        id: 6,
        subject_type: 'user',
        subject: 'staff',
        module: 'deepseek',
        limit: null,
        period: 'day',
        updated_at: '2026-11-20T08:00:00.000Z',
      },
      period: 'day',
      ...window,
    },
    { module: 'marketing', used: 1, limit: 50, source: 'config', rule: null, period: null, ...window },
  ],
  days,
};

function renderPeople(handler: FakeHandler, people: object[] = [person]) {
  const fake = createFakeFetch((req) => {
    if (req.path === '/api/admin/users') return ok({ list: people });
    if (req.path === '/api/admin/rights/user') return ok({ list: [] });
    if (req.path === '/api/admin/departments') {
      return ok({
        list: [
          { key: 'wecom:1', provider: 'wecom', name: '示例公司', parent_key: '' },
          { key: 'wecom:2', provider: 'wecom', name: '市场部', parent_key: 'wecom:1' },
        ],
      });
    }
    return handler(req);
  });
  installTestClient(fake.fetch, '/admin?tab=people');
  const router = createMemoryRouter([{ path: '*', element: <AdminConsolePage analytics={null} /> }], {
    initialEntries: ['/admin?tab=people'],
  });
  render(
    <AntApp>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AntApp>,
  );
  return fake;
}

async function openPerson() {
  fireEvent.click(await findButton('权限与用量'));
}

describe('people tab usage section', { timeout: 60_000 }, () => {
  it('shows each module’s use, limit, deciding rule and the days with asks', async () => {
    const fake = renderPeople((req) => (req.path === '/api/admin/users/usage' ? ok(usage) : ok(null)));
    await openPerson();
    const list = await screen.findByLabelText('各模块用量');
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[0]!.textContent).toContain('已用 3 / 上限 10');
    expect(rows[0]!.textContent).toContain('部门「示例公司 / 市场部」的配额规则（每周）');
    expect(rows[0]!.textContent).toContain('重置');
    expect(rows[1]!.textContent).toContain('个人「oidc:staff」的配额规则');
    expect(within(rows[1]!).getByText('不限次数')).toBeTruthy();
    expect(rows[1]!.textContent).not.toContain('重置');
    expect(rows[2]!.textContent).toContain('已用 1 / 上限 50');
    expect(rows[2]!.textContent).toContain('默认配额');
    expect(fake.calls('/api/admin/users/usage')[0]?.url.searchParams.get('user_id')).toBe('2');

    // Only the days with asks, newest first.
    const dates = screen.getAllByText(/^2026-1\d-\d\d$/).map((cell) => cell.textContent);
    expect(dates).toEqual(['2026-11-22', '2026-11-13']);
  });

  it('says so when there were no asks in 30 days', async () => {
    const quiet = { ...usage, days: days.map((d) => ({ ...d, counts: {} })) };
    renderPeople((req) => (req.path === '/api/admin/users/usage' ? ok(quiet) : ok(null)));
    await openPerson();
    expect(await screen.findByText('近 30 天没有使用记录')).toBeTruthy();
  });

  it('offers a retry when the usage does not load', async () => {
    let failing = true;
    const fake = renderPeople((req) =>
      req.path === '/api/admin/users/usage' ? (failing ? fail(5000, '服务异常', 500) : ok(usage)) : ok(null),
    );
    await openPerson();
    expect(await screen.findByText('用量加载失败')).toBeTruthy();
    failing = false;
    fireEvent.click(await findButton(/^重\s*试$/));
    expect(await screen.findByLabelText('各模块用量')).toBeTruthy();
    await waitFor(() => expect(fake.calls('/api/admin/users/usage').length).toBeGreaterThanOrEqual(2));
  });
});

describe('people tab accounts', { timeout: 60_000 }, () => {
  it('names each account with its provider, so one login in two providers is two people', async () => {
    renderPeople(
      () => ok(null),
      [
        { ...person, provider: 'wecom', identity: 'wecom:staff' },
        { ...person, id: 3, subject: 'staff', departments: [], provider: 'oidc', identity: 'oidc:staff' },
      ],
    );
    expect(await screen.findByText('wecom:staff')).toBeTruthy();
    expect(screen.getByText('oidc:staff')).toBeTruthy();
  });

  it('links the account to another of the same person, after a confirmation', async () => {
    const linked = {
      accounts: [
        { id: 2, identity: 'wecom:staff', user_name: '张三' },
        { id: 3, identity: 'oidc:staff', user_name: '张三' },
      ],
    };
    const fake = renderPeople(
      (req) =>
        req.path === '/api/admin/users/link'
          ? ok(linked)
          : req.path === '/api/admin/users/usage'
            ? ok(usage)
            : ok(null),
      [
        { ...person, provider: 'wecom', identity: 'wecom:staff' },
        { ...person, id: 3, subject: 'staff', departments: [], provider: 'oidc', identity: 'oidc:staff' },
      ],
    );
    fireEvent.click(await findButton('权限与用量'));
    expect(await screen.findByText('未关联其他账号')).toBeTruthy();
    fireEvent.mouseDown(screen.getByLabelText('同一人的其他账号'));
    fireEvent.click(await screen.findByText('oidc:staff（张三）', { selector: '.ant-select-item-option-content' }));
    fireEvent.click(await findButton(/^关\s*联$/));
    fireEvent.click(await findButton(/^(确\s*定|OK)$/));
    await waitFor(() => expect(fake.calls('/api/admin/users/link')).toHaveLength(1));
    expect(fake.calls('/api/admin/users/link')[0]?.body).toEqual({ user_id: 2, other_user_id: 3 });
  });
});

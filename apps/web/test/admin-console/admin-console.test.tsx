import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AccessRequestPanel } from '../../src/features/access-requests';
import { AdminConsolePage } from '../../src/features/admin-console';
import { findButton, getButton } from '../../src/testing/find-button';
import { installDomPolyfills } from '../../src/testing/dom-polyfills';
import { createFakeFetch, ok, type FakeHandler } from '../../src/testing/fake-fetch';
import { installFakeXhr } from '../../src/testing/fake-xhr';
import { installTestClient } from '../../src/testing/install-test-client';

beforeAll(() => installDomPolyfills());
afterEach(() => cleanup());

const request = {
  id: 7,
  app_key: 'deepseek',
  app_name: 'DeepSeek',
  reason: '写周报',
  status: 'pending',
  decision_reason: '',
  created_at: '2026-11-22T08:00:00.000Z',
  decided_at: null,
  user_id: 2,
  user_name: '张三',
  login: 'staff',
};

function renderAt(path: string, node: React.ReactNode, handler: FakeHandler) {
  const fake = createFakeFetch(handler);
  installTestClient(fake.fetch, path);
  const router = createMemoryRouter([{ path: '*', element: node }], { initialEntries: [path] });
  render(
    <AntApp>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AntApp>,
  );
  return fake;
}

describe('admin console', { timeout: 60_000 }, () => {
  it('approves a pending access request from its tab', async () => {
    let status = 'pending';
    const fake = renderAt('/admin?tab=requests', <AdminConsolePage analytics={<div>看板</div>} />, (req) => {
      if (req.path === '/api/admin/access-requests') return ok({ list: [{ ...request, status }] });
      if (req.path === '/api/admin/access-requests/approve') {
        status = 'approved';
        return ok({ ...request, status });
      }
      return ok(null);
    });
    expect(await screen.findByText('张三（staff）')).toBeTruthy();
    fireEvent.click(getButton(/^通\s*过$/));
    await waitFor(() => expect(fake.calls('/api/admin/access-requests/approve')).toHaveLength(1));
    expect(fake.calls('/api/admin/access-requests/approve')[0]?.body).toEqual({ id: 7 });
  });

  it('shows audit rows with before and after, filtered by actor', async () => {
    const fake = renderAt('/admin?tab=audit', <AdminConsolePage analytics={null} />, (req) =>
      req.path === '/api/admin/audit'
        ? ok({
            total: 1,
            list: [
              {
                id: 1,
                at: '2026-11-22T08:00:00.000Z',
                actor_login: 'admin',
                action: 'admin.rule.set',
                target: 'rule:user:staff:deepseek',
                before: null,
                after: { effect: 'allow' },
                ip: '127.0.0.1',
                detail: '',
              },
            ],
          })
        : ok(null),
    );
    expect(await screen.findByText('rule:user:staff:deepseek')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('操作人登录名'), { target: { value: 'admin' } });
    fireEvent.keyDown(screen.getByPlaceholderText('操作人登录名'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(fake.calls('/api/admin/audit').some((c) => c.url.searchParams.get('actor') === 'admin')).toBe(true),
    );
  });
});

describe('admin console quotas and directory sync', { timeout: 60_000 }, () => {
  it('lists quota rules with department paths and deletes one', async () => {
    const rules = [
      {
        id: 3,
        subject_type: 'department',
        subject: 'wecom:2',
        module: 'deepseek',
        limit: 20,
        period: 'week',
        updated_at: '2026-11-22T08:00:00.000Z',
      },
      {
        id: 4,
        subject_type: 'user',
        subject: 'staff',
        module: 'chatgpt',
        limit: null,
        period: 'day',
        updated_at: '2026-11-22T08:00:00.000Z',
      },
    ];
    const fake = renderAt('/admin?tab=quotas', <AdminConsolePage analytics={null} />, (req) => {
      if (req.path === '/api/admin/quotas') return ok({ list: rules, defaults: { chatgpt: 9999, deepseek: 100 } });
      if (req.path === '/api/admin/departments') {
        return ok({
          list: [
            { key: 'wecom:1', provider: 'wecom', name: '示例公司', parent_key: '' },
            { key: 'wecom:2', provider: 'wecom', name: '研发部', parent_key: 'wecom:1' },
          ],
        });
      }
      return ok(null);
    });
    expect(await screen.findByText('部门：示例公司 / 研发部')).toBeTruthy();
    expect(screen.getByText('每周 20 次')).toBeTruthy();
    expect(screen.getByText('不限次数', { selector: '.ant-tag' })).toBeTruthy();
    expect(screen.getByText(/DeepSeek 100 次/)).toBeTruthy();
    fireEvent.click(getButton(/^删\s*除$/));
    fireEvent.click(await findButton(/^(确\s*定|OK)$/));
    await waitFor(() => expect(fake.calls('/api/admin/quotas/delete')).toHaveLength(1));
    expect(fake.calls('/api/admin/quotas/delete')[0]?.body).toEqual({ id: 3 });
  });

  it('queues a directory sync and follows the job to its result', async () => {
    let polls = 0;
    const job = { job_id: 12, provider: 'wecom', result: null, error: null };
    const fake = renderAt('/admin?tab=rights', <AdminConsolePage analytics={null} />, (req) => {
      if (req.path === '/api/user/providers')
        return ok({ oidc: true, list: [{ name: 'wecom', label: '企业微信', qr: true }] });
      if (req.path === '/api/admin/directory/sync') return ok({ ...job, state: 'queued' });
      if (req.path === '/api/admin/directory/sync/status') {
        polls++;
        return ok(
          polls < 2
            ? { ...job, state: 'active' }
            : { ...job, state: 'done', result: { provider: 'wecom', departments: 4, members: 3, moved: 1 } },
        );
      }
      if (req.path === '/api/admin/rules') return ok({ list: [] });
      if (req.path === '/api/admin/apps') return ok({ list: [] });
      if (req.path === '/api/admin/departments') return ok({ list: [] });
      return ok(null);
    });
    fireEvent.click(await findButton('立即同步企业微信通讯录'));
    await waitFor(() => expect(fake.calls('/api/admin/directory/sync')[0]?.body).toEqual({ provider: 'wecom' }));
    expect(await screen.findByText('已同步 4 个部门、3 名成员，1 人部门有变化', {}, { timeout: 15_000 })).toBeTruthy();
    expect(fake.calls('/api/admin/directory/sync/status')[0]?.url.searchParams.get('job_id')).toBe('12');
  });
});

describe('admin console app icon', { timeout: 60_000 }, () => {
  it('uploads an icon in the app form and puts its address into the icon field', async () => {
    // jsdom decodes no images; a browser reads the picked icon's size like this.
    vi.stubGlobal('createImageBitmap', async () => ({ width: 64, height: 64, close: () => undefined }));
    const stored = {
      file_id: 'c'.repeat(32),
      name: 'logo.png',
      mime: 'image/png',
      size: 12,
      width: 64,
      height: 64,
      sha256: 'x',
      module: 'app-icon',
      url: `/api/app/icon?id=${'c'.repeat(32)}`,
      create_time: 1,
    };
    const xhr = installFakeXhr(() => ({ status: 200, json: { code: 0, message: 'ok', data: stored } }));
    try {
      renderAt('/admin?tab=apps', <AdminConsolePage analytics={null} />, (req) =>
        req.path === '/api/admin/apps' ? ok({ list: [] }) : ok(null),
      );
      fireEvent.click(await findButton('新建应用'));
      const input = (await screen.findByTestId('file-upload-input')) as HTMLInputElement;
      const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
      await act(async () => void fireEvent.change(input, { target: { files: [new File([png], 'logo.png')] } }));
      await waitFor(() => expect(xhr.sent).toHaveLength(1));
      expect(xhr.sent[0]!.url).toContain('/api/admin/apps/icon');
      await waitFor(() =>
        expect((screen.getByPlaceholderText('https://…/icon.png') as HTMLInputElement).value).toBe(stored.url),
      );
    } finally {
      xhr.restore();
      vi.unstubAllGlobals();
    }
  });
});

describe('access request panel', { timeout: 60_000 }, () => {
  it('asks with a reason and then shows the request as pending', async () => {
    let mine: unknown[] = [];
    const fake = renderAt(
      '/landing',
      <AccessRequestPanel appKey="deepseek" appName="DeepSeek" onGranted={() => undefined} />,
      (req) => {
        if (req.path === '/api/app/access-requests') return ok({ list: mine });
        if (req.path === '/api/app/access-request') {
          mine = [request];
          return ok(request);
        }
        return ok(null);
      },
    );
    fireEvent.click(await findButton('申请权限'));
    fireEvent.change(screen.getByLabelText('申请理由'), { target: { value: '写周报' } });
    fireEvent.click(getButton('提交申请'));
    expect(await screen.findByText('已申请「DeepSeek」，等待管理员处理')).toBeTruthy();
    expect(fake.calls('/api/app/access-request')[0]?.body).toEqual({ app_key: 'deepseek', reason: '写周报' });
  });

  it('shows a denial with its reason and offers to ask again', async () => {
    renderAt('/landing', <AccessRequestPanel appKey="deepseek" appName="DeepSeek" onGranted={() => undefined} />, () =>
      ok({ list: [{ ...request, status: 'denied', decision_reason: '仅限研发部' }] }),
    );
    expect(await screen.findByText('原因：仅限研发部')).toBeTruthy();
    expect(getButton('重新申请')).toBeTruthy();
  });

  it('an approval the page saw arrive asks for the new rights; one older than the page offers to ask again', async () => {
    let status = 'pending';
    const onGranted = vi.fn();
    renderAt('/landing', <AccessRequestPanel appKey="deepseek" appName="DeepSeek" onGranted={onGranted} />, () =>
      ok({ list: [{ ...request, status }] }),
    );
    expect(await screen.findByText('已申请「DeepSeek」，等待管理员处理')).toBeTruthy();
    status = 'approved';
    expect(await screen.findByText('申请已通过，正在更新权限…', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(onGranted).toHaveBeenCalled();
    cleanup();
    renderAt('/landing', <AccessRequestPanel appKey="deepseek" appName="DeepSeek" onGranted={onGranted} />, () =>
      ok({ list: [{ ...request, status: 'approved' }] }),
    );
    expect(await findButton('申请权限')).toBeTruthy();
  });
});

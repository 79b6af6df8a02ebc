import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { RootShell } from '../../src/app/root-shell';
import { showError, showWarning, warningStore } from '../../src/lib/ui-bridge';
import { installDomPolyfills } from '../../src/testing/dom-polyfills';

beforeAll(installDomPolyfills);
afterEach(cleanup);

function renderShell() {
  const router = createMemoryRouter([
    { path: '/', Component: RootShell, children: [{ index: true, element: <p>page</p> }] },
  ]);
  render(<RouterProvider router={router} />);
}

describe('toasts and warnings from outside React', { timeout: 20_000 }, () => {
  it('loads the toast host on the first error and shows queued toasts', async () => {
    renderShell();
    act(() => showError('服务器内部错误'));
    expect(await screen.findByText('服务器内部错误', undefined, { timeout: 10_000 })).toBeTruthy();
    act(() => showError('请求过于频繁，请稍后再试'));
    expect(await screen.findByText('请求过于频繁，请稍后再试', undefined, { timeout: 10_000 })).toBeTruthy();
  });

  it('shows warnings one at a time and runs the follow-up when closed', async () => {
    const router = createMemoryRouter([
      { path: '/', Component: RootShell, children: [{ index: true, element: <p>page</p> }] },
    ]);
    render(<RouterProvider router={router} />);
    const first = vi.fn();
    const second = vi.fn();
    act(() => {
      showWarning('登录已失效，请重新登录', first);
      showWarning('用户权限更新，即将刷新页面', second);
    });
    expect(await screen.findByText('登录已失效，请重新登录', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByText('用户权限更新，即将刷新页面')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(first).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('用户权限更新，即将刷新页面', undefined, { timeout: 10_000 })).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: /确\s*定/ }).at(-1)!);
    expect(second).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(warningStore.get()).toHaveLength(0));
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PortraitNotice } from '../../src/features/addbg/components/portrait-notice';
import { PortraitStudio } from '../../src/features/addbg/components/portrait-studio';

const status = vi.hoisted(() => ({ data: undefined as unknown }));
const isAdmin = vi.hoisted(() => ({ value: false }));
vi.mock('../../src/features/addbg/api/option-lists', () => ({ useFacechainStatus: () => status }));
vi.mock('../../src/features/addbg/api/facechain', () => ({
  usePhotoSets: () => ({ isPending: false, data: [] }),
  usePortraitStyles: () => ({ data: [] }),
  addPhotoSet: vi.fn(),
}));
vi.mock('../../src/lib/auth-storage', () => ({
  authStorage: { read: () => ({ account_info: { is_admin: isAdmin.value } }) },
}));

const wrap = (node: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <App>{node}</App>
    </QueryClientProvider>,
  );

afterEach(cleanup);

describe('portraits (人像写真)', () => {
  it('asks for consent before the first face photo can be uploaded', async () => {
    wrap(<PortraitStudio />);
    // No upload zone until the person has agreed.
    expect(screen.queryByText(/可一次选多张/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /上传照片/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('只有你本人');
    expect(dialog.textContent).toContain('删除');
    const agree = screen.getByRole('button', { name: '同意并上传' });
    expect(agree.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: '我已阅读并同意以上说明' }));
    expect(agree.hasAttribute('disabled')).toBe(false);
    fireEvent.click(agree);
    await waitFor(() => expect(screen.getByText(/可一次选多张/)).toBeTruthy());
  });

  it('explains a missing engine: how to configure it to administrators, that it is not connected to staff', () => {
    status.data = { can_create: false, reason: '人像写真需要 GPU 引擎', engines: ['comfyui'] };
    isAdmin.value = true;
    wrap(<PortraitNotice />);
    expect(screen.getByText('人像写真需要 GPU 引擎')).toBeTruthy();
    expect(screen.getByText(/addbg\.comfyui/)).toBeTruthy();
    cleanup();
    isAdmin.value = false;
    wrap(<PortraitNotice />);
    expect(screen.getByText(/管理员尚未接入人像训练引擎/)).toBeTruthy();
    expect(screen.queryByText(/addbg\.comfyui/)).toBeNull();
    expect(screen.queryByRole('button', { name: /打开人像写真/ })).toBeNull();
  });
});

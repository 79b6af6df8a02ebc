import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { useState, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PortraitNotice } from '../../src/features/addbg/components/portrait-notice';
import { PortraitStudio } from '../../src/features/addbg/components/portrait-studio';

const status = vi.hoisted(() => ({ data: undefined as unknown }));
const isAdmin = vi.hoisted(() => ({ value: false }));
vi.mock('../../src/features/addbg/api/option-lists', () => ({ useFacechainStatus: () => status }));
vi.mock('../../src/features/addbg/api/facechain', () => ({
  usePhotoSets: () => ({ isPending: false, data: [] }),
  usePortraitStyles: () => ({ data: [] }),
  addPhotoSet: vi.fn(async () => undefined),
}));
vi.mock('../../src/components/signed-image/signed-image', () => ({ SignedImage: () => null }));
// An upload zone that, like the real one, keeps the names of the files it sent in its own state.
vi.mock('../../src/components/upload', () => ({
  FileUpload: ({
    hint,
    onUploaded,
  }: {
    hint: string;
    onUploaded: (file: { file_id: string; name: string }) => void;
  }) => {
    const [sent, setSent] = useState(0);
    return (
      <>
        <span>{hint}</span>
        <button
          type="button"
          onClick={() => {
            onUploaded({ file_id: `f${sent}`, name: `photo-${sent}.png` });
            setSent(sent + 1);
          }}
        >
          已上传 {sent} 张
        </button>
      </>
    );
  },
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

  it('starts the upload zone over once a photo set is created', async () => {
    wrap(<PortraitStudio />);
    fireEvent.click(screen.getByRole('button', { name: /上传照片/ }));
    fireEvent.click(await screen.findByRole('checkbox', { name: '我已阅读并同意以上说明' }));
    fireEvent.click(screen.getByRole('button', { name: '同意并上传' }));
    for (let i = 0; i < 3; i++) fireEvent.click(await screen.findByRole('button', { name: /已上传/ }));
    expect(screen.getByRole('button', { name: /已上传 3 张/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /创建照片集（3\/3\+）/ }));
    await waitFor(() => expect(screen.getByRole('button', { name: /已上传 0 张/ })).toBeTruthy());
    expect(screen.getByRole('button', { name: /创建照片集（0\/3\+）/ })).toBeTruthy();
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

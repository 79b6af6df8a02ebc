import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '@portal/contract';
import { FileUpload } from '../../src/components/upload';
import { installDomPolyfills } from '../../src/testing/dom-polyfills';
import { createFakeFetch, fail, ok } from '../../src/testing/fake-fetch';
import { installFakeXhr } from '../../src/testing/fake-xhr';
import { installTestClient } from '../../src/testing/install-test-client';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
const serverConfig = {
  mode: 'server',
  upload_url: '/api/file/upload',
  max_bytes: 10_000_000,
  max_width: null,
  max_height: null,
  kinds: ['image'],
};

let restoreXhr = () => undefined as void;
beforeAll(installDomPolyfills);
afterEach(() => {
  cleanup();
  restoreXhr();
});

const zone = () => screen.getByRole('button', { name: '上传文件' });
const input = () => screen.getByTestId('file-upload-input') as HTMLInputElement;
const choose = (file: File) => act(async () => void fireEvent.change(input(), { target: { files: [file] } }));

describe('FileUpload', () => {
  it('opens the picker from the keyboard and by click', () => {
    render(<FileUpload />);
    const click = vi.spyOn(input(), 'click').mockImplementation(() => undefined);
    expect(zone().tabIndex).toBe(0);
    fireEvent.keyDown(zone(), { key: 'Enter' });
    fireEvent.keyDown(zone(), { key: ' ' });
    fireEvent.click(zone());
    expect(click).toHaveBeenCalledTimes(3);
    expect(input().accept).toBe('image/png,image/jpeg,image/gif,image/webp');
  });

  it('shows the refusal in Chinese without sending anything', async () => {
    installTestClient(createFakeFetch(() => ok(serverConfig)).fetch, '/home');
    const xhr = installFakeXhr();
    restoreXhr = xhr.restore;
    render(<FileUpload />);
    await choose(new File(['<html><script>1</script></html>'], 'cat.png', { type: 'image/png' }));
    expect((await screen.findByRole('alert')).textContent).toBe('不支持的文件类型');
    expect(xhr.sent).toHaveLength(0);
  });

  it('shows progress, and cancel stops the upload', async () => {
    installTestClient(createFakeFetch(() => ok(serverConfig)).fetch, '/home');
    const xhr = installFakeXhr();
    restoreXhr = xhr.restore;
    const onUploaded = vi.fn();
    render(<FileUpload onUploaded={onUploaded} />);
    await choose(new File([PNG], 'a.png', { type: 'image/png' }));
    await vi.waitFor(() => expect(xhr.sent).toHaveLength(1));
    act(() => xhr.sent[0]!.progress(40, 100));
    expect(screen.getByText('a.png')).toBeTruthy();
    expect(document.querySelector('.ant-progress')?.getAttribute('aria-valuenow')).toBe('40');
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: '取消上传' })));
    expect(xhr.sent[0]!.aborted).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('a.png')).toBeNull();
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it('shows what the user stores next to the zone, and the storage quota refusal', async () => {
    let used = 400_000;
    const full = '存储空间已满：已用 900KB / 上限 1MB，请删除不需要的文件';
    const fake = createFakeFetch((req) => {
      if (req.path === '/api/file/usage') return ok({ used_bytes: used, quota_bytes: 1_000_000 });
      if (req.path === '/api/file/uploadTencentConfig') return fail(ErrorCode.tooLarge, full, 413);
      return fail(ErrorCode.notFound, 'none', 404);
    });
    installTestClient(fake.fetch, '/home');
    const xhr = installFakeXhr();
    restoreXhr = xhr.restore;
    render(<FileUpload />);
    expect((await screen.findByTestId('file-upload-usage')).textContent).toBe('已用 400KB / 1MB');

    used = 900_000;
    await choose(new File([PNG], 'a.png', { type: 'image/png' }));
    expect((await screen.findByRole('alert')).textContent).toBe(full);
    expect(xhr.sent).toHaveLength(0);
    // Read again after the attempt: the space may have been filled from elsewhere meanwhile.
    await vi.waitFor(() => expect(screen.getByTestId('file-upload-usage').textContent).toBe('已用 900KB / 1MB'));
  });

  it('accepts a dropped file and reports it', async () => {
    installTestClient(createFakeFetch(() => ok(serverConfig)).fetch, '/home');
    const stored = {
      file_id: 'b'.repeat(32),
      name: 'a.png',
      mime: 'image/png',
      size: 12,
      width: 1,
      height: 1,
      url: '/x',
    };
    const xhr = installFakeXhr(() => ({ status: 200, json: { code: 0, message: 'ok', data: stored } }));
    restoreXhr = xhr.restore;
    const onUploaded = vi.fn();
    render(<FileUpload onUploaded={onUploaded} />);
    await act(async () => void fireEvent.drop(zone(), { dataTransfer: { files: [new File([PNG], 'a.png')] } }));
    await vi.waitFor(() => expect(onUploaded).toHaveBeenCalledWith(stored));
    expect(screen.getByText('已上传：a.png')).toBeTruthy();
  });
});

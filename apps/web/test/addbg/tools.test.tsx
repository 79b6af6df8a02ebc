import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { AddbgOption, AddbgProcess, StoredFile } from '@portal/contract';
import { App } from 'antd';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AddbgDesignerPage } from '../../src/features/addbg/pages/designer-page';
import { useTools } from '../../src/features/addbg/store/tools-store';
import { useWorkbench } from '../../src/features/addbg/store/workbench-store';
import { installDomPolyfills } from '../../src/testing/dom-polyfills';
import { createFakeFetch, ok, type RecordedRequest } from '../../src/testing/fake-fetch';
import { installFakeXhr } from '../../src/testing/fake-xhr';
import { installTestClient } from '../../src/testing/install-test-client';

const saveBlob = vi.hoisted(() => vi.fn());
vi.mock('../../src/lib/save-blob', () => ({ saveBlob }));

let restoreXhr = () => undefined as void;
beforeAll(() => {
  installDomPolyfills();
  configure({ asyncUtilTimeout: 15_000 });
});
beforeEach(() => {
  localStorage.clear();
  useTools.persist.clearStorage();
  useTools.setState(useTools.getInitialState());
  useWorkbench.setState(useWorkbench.getInitialState());
});
afterEach(() => {
  cleanup();
  restoreXhr();
  saveBlob.mockReset();
  vi.unstubAllGlobals();
});

const hex = (c: string) => c.repeat(32);
const workId = hex('a');
const usage = { total: 100, remain: 98, refresh_ts: 0 };
const unavailable = (id: string, name: string): AddbgOption => ({
  id,
  name,
  engine: 'sdwebui',
  available: false,
  reason: '需要Stable Diffusion WebUI、ComfyUI、OpenAI 兼容图像接口，管理员尚未配置',
});
const doneLogo: AddbgProcess = {
  status: 'done',
  progress: 100,
  message: '已完成',
  images: [1, 2].map((n) => ({
    image_id: hex(String(n)),
    url: `/api/addbg/works/image?image_id=${hex(String(n))}`,
    width: 1024,
    height: 1024,
    favorite: false,
  })),
};
const uploaded: StoredFile = {
  file_id: hex('f'),
  name: 'photo.png',
  mime: 'image/png',
  size: 12,
  url: '/api/addbg/file/download',
  width: 640,
  height: 480,
} as StoredFile;

/** The server's answers every tool shares (lists empty unless a test gives its own). */
function backend(own: (r: RecordedRequest) => ReturnType<typeof ok> | undefined) {
  const fake = createFakeFetch((r) => {
    const answer = own(r);
    if (answer) return answer;
    const path = r.path.replace('/api/addbg/', '');
    if (path === 'works/list') return ok({ ...usage, usage, list: [], count: 0 });
    if (path === 'facechain/projectCanCreate') return ok({ can_create: false, reason: '需要 GPU', engines: [] });
    if (path === 'works/image') return { text: 'image-bytes' };
    if (r.path === '/api/file/usage') return ok({ used_bytes: 0, quota_bytes: null });
    if (r.path.startsWith('/api/addbg/')) return ok({ list: [] });
    return ok(null);
  });
  installTestClient(fake.fetch, '/addbg/workbench');
  // Images and downloads are fetched with the sign-in headers by fetchBlob, outside the client.
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

/** Section 5's upload: a PNG picked in the tool's upload zone, stored by the (fake) server. */
function pickImage(container: HTMLElement) {
  const xhr = installFakeXhr(() => ({ status: 200, json: { code: 0, message: 'ok', data: uploaded } }));
  restoreXhr = xhr.restore;
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
  const input = container.querySelector('input[type=file]') as HTMLInputElement;
  return act(async () => {
    fireEvent.change(input, { target: { files: [new File([png], 'photo.png', { type: 'image/png' })] } });
  });
}

let location = '';
function Where() {
  const l = useLocation();
  location = l.pathname + l.search;
  return null;
}

function renderAt(url: string) {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>
        <MemoryRouter initialEntries={[url]}>
          <Where />
          <Routes>
            <Route path="/addbg/workbench" element={<AddbgDesignerPage />} />
          </Routes>
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
}

describe('the designer’s tools', () => {
  it('logo: generates template logos and downloads them as PNG and SVG; the AI model says what it needs', async () => {
    const fake = backend((r) => {
      if (r.path.endsWith('/logo/styleList'))
        return ok({
          list: [
            { id: 'wordmark', name: '文字标' },
            { id: 'circle-badge', name: '圆形徽章' },
          ],
        });
      if (r.path.endsWith('/logo/modelList'))
        return ok({
          list: [
            { id: 'builtin', name: '模板 Logo（内置）', engine: 'builtin', available: true, reason: null },
            unavailable('ai', 'AI 创意 Logo'),
          ],
        });
      if (r.path.endsWith('/logo/generate')) return ok({ work_id: workId });
      if (r.path.endsWith('/works/getGenerateImageProcess')) return ok(doneLogo);
      return undefined;
    });
    renderAt('/addbg/workbench?tool=logo');
    // Role queries walk the whole page for names and are slow on a busy machine: labels and text instead.
    const tab = (await screen.findByText('标志设计')).closest('[role=tab]');
    expect(tab?.getAttribute('aria-selected')).toBe('true');
    const ai = await screen.findByLabelText(/AI 创意 Logo/);
    expect(ai).toHaveProperty('disabled', true);
    expect(screen.getByText(/不可用：需要Stable Diffusion WebUI/)).toBeTruthy();

    fireEvent.change(screen.getByLabelText('品牌名称'), { target: { value: '山茶' } });
    fireEvent.click(screen.getByLabelText('圆形徽章'));
    fireEvent.click(screen.getByText('生成 Logo'));
    await waitFor(() => expect(fake.calls('/api/addbg/logo/generate')).toHaveLength(1));
    expect(fake.calls('/api/addbg/logo/generate')[0]!.body).toMatchObject({
      text: '山茶',
      style_id: 'circle-badge',
      model_id: 'builtin',
      count: 2,
    });

    const svg = await screen.findAllByLabelText('下载 SVG');
    expect(svg).toHaveLength(2);
    expect(screen.getAllByLabelText('下载 PNG')).toHaveLength(2);
    expect(screen.queryByLabelText('下载 JPG')).toBeNull();
    fireEvent.click(svg[0]!);
    await waitFor(() => expect(saveBlob).toHaveBeenCalledTimes(1));
    expect(saveBlob.mock.calls[0]![1]).toBe('Logo-1.svg');
    const download = fake.calls('/api/addbg/works/image').find((r) => r.url.searchParams.get('format') === 'svg');
    expect(download?.url.searchParams.get('image_id')).toBe(hex('1'));
    fireEvent.click(screen.getAllByLabelText('下载 PNG')[1]!);
    await waitFor(() => expect(saveBlob.mock.calls[1]?.[1]).toBe('Logo-2.png'));
  });

  it('style transfer: presets that need an engine are listed disabled with the reason', async () => {
    backend((r) =>
      r.path.endsWith('/styleTransform/modelList')
        ? ok({ list: [unavailable('watercolor', '水彩'), unavailable('oil', '油画')] })
        : undefined,
    );
    const { container } = renderAt('/addbg/workbench?tool=style');
    const watercolor = await screen.findByLabelText(/水彩/);
    expect(watercolor).toHaveProperty('disabled', true);
    expect(screen.getByLabelText(/油画/)).toHaveProperty('disabled', true);
    expect(screen.getAllByText(/不可用：需要Stable Diffusion WebUI/)).toHaveLength(2);
    expect(screen.getByText('风格迁移暂不可用')).toBeTruthy();
    await pickImage(container);
    expect(await screen.findByText('photo.png')).toBeTruthy();
    expect(screen.getByText('开始迁移').closest('button')).toHaveProperty('disabled', true);
  });

  it('describe: the description goes into the workbench’s scene prompt', async () => {
    const text = '一只红色的方形礼盒，放在白色背景上。';
    const fake = backend((r) => {
      if (r.path.endsWith('/image/interrogate')) return ok({ text, engine: 'vision' });
      if (r.path.endsWith('/background/newList'))
        return ok({
          list: [
            {
              id: 'prompt',
              name: '按描述生成',
              kind: 'prompt',
              style_id: 'ai',
              colors: ['#cccccc'],
              preview_url: null,
              engine: 'sdwebui',
              available: true,
              reason: null,
            },
          ],
        });
      return undefined;
    });
    const { container } = renderAt('/addbg/workbench?tool=describe');
    await screen.findByText('不消耗生成次数');
    await pickImage(container);
    const description = await screen.findByLabelText('图片描述', { selector: 'textarea' });
    await waitFor(() => expect((description as HTMLTextAreaElement).value).toBe(text));
    expect(fake.calls('/api/addbg/image/interrogate')[0]!.body).toEqual({ file_id: hex('f') });
    expect(screen.getByText('识图模型')).toBeTruthy();

    fireEvent.click(screen.getByText('用作背景提示词'));
    const prompt = await screen.findByLabelText('场景描述');
    expect((prompt as HTMLTextAreaElement).value).toBe(text);
    expect(location).toBe('/addbg/workbench');
    expect(useWorkbench.getState()).toMatchObject({ backgroundId: 'prompt', prompt: text });
    // Kept for a reload: the workbench's choices are in local storage.
    expect(localStorage.getItem('addbg-workbench')).toContain(text);
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { RedImportPreview, RedImportStatus } from '@portal/contract';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { previewPart } from '../../src/features/red/api/import';
import ImportPage from '../../src/features/red/pages/import-page';
import { authStorage } from '../../src/lib/auth-storage';
import { getButton } from '../../src/testing/find-button';
import { installDomPolyfills } from '../../src/testing/dom-polyfills';
import { createFakeFetch } from '../../src/testing/fake-fetch';
import { installFakeXhr } from '../../src/testing/fake-xhr';
import { accountInfo, storedUser } from '../../src/testing/fixtures';
import { installTestClient } from '../../src/testing/install-test-client';

let restoreXhr = () => undefined as void;
beforeAll(() => {
  installDomPolyfills();
  configure({ asyncUtilTimeout: 15_000 });
});
afterEach(() => {
  cleanup();
  restoreXhr();
  authStorage.clear();
});

const preview: RedImportPreview = {
  format: 'csv',
  columns: ['笔记ID', '标题', '发布时间', '点赞数', '备注'],
  rows: [
    ['n-1', '面霜测评', '2026-11-01 08:00', '120', '第一批'],
    ['n-2', '咖啡记录', '2026-11-02 09:00', '5', '第二批'],
  ],
  mapping: {
    note_id: '笔记ID',
    title: '标题',
    content: null,
    author: null,
    published_at: '发布时间',
    likes: '点赞数',
    collects: null,
    comments: null,
    shares: null,
    topics: null,
    image_count: null,
    link: null,
  },
};
const status = (over: Partial<RedImportStatus>): RedImportStatus => ({
  job_id: 'job-1',
  status: 'running',
  source: '文件导入',
  file_name: 'vendor.csv',
  expected: 3,
  total: 1,
  imported: 1,
  duplicates: 0,
  failed: 0,
  errors: [],
  message: null,
  ...over,
});

function renderPage() {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/red/import']}>
        <ImportPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Picks a value in the mapping's select of a field. */
async function choose(field: string, option: string) {
  fireEvent.mouseDown(screen.getByLabelText(`${field}对应的列`));
  const options = await screen.findAllByText(option, { selector: '.ant-select-item-option-content' });
  fireEvent.click(options.at(-1)!);
}

describe('red import screen', () => {
  it('previews the file, maps its columns, starts the import and shows progress and row errors', async () => {
    authStorage.write(storedUser({ account_info: accountInfo({ is_admin: true }) }));
    let reads = 0;
    const fake = createFakeFetch(() => {
      reads++;
      return {
        json: {
          code: 0,
          message: 'ok',
          data:
            reads === 1
              ? status({})
              : status({
                  status: 'done',
                  total: 3,
                  imported: 2,
                  failed: 1,
                  errors: [{ row: 4, message: '发布时间无效：昨天' }],
                }),
        },
      };
    });
    installTestClient(fake.fetch, '/red/import');
    const xhr = installFakeXhr((sent) =>
      sent.url.endsWith('/api/red/admin/import/preview')
        ? { status: 200, json: { code: 0, message: 'ok', data: preview } }
        : { status: 200, json: { code: 0, message: 'ok', data: { job_id: 'job-1' } } },
    );
    restoreXhr = xhr.restore;
    const { container } = renderPage();
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File(['笔记ID,标题\n'], 'vendor.csv', { type: 'text/csv' })] } });
    });
    // The server's guesses are preselected, with an example value from the first rows.
    const noteId = await screen.findByLabelText('笔记ID对应的列');
    expect(noteId.closest('.red-import-field')!.textContent).toContain('n-1');
    expect(screen.getByText('文件预览（前 2 行）')).toBeTruthy();
    expect(within(container.querySelector('.red-import-preview')!).getByText('第二批')).toBeTruthy();

    // A required field without a column is refused before anything is sent.
    await choose('发布时间', '不导入');
    fireEvent.click(getButton(/开始导入/));
    expect(await screen.findByText('请为发布时间选择文件中的列')).toBeTruthy();
    expect(xhr.sent).toHaveLength(1);

    await choose('发布时间', '发布时间');
    await choose('话题', '备注');
    fireEvent.click(getButton(/开始导入/));
    await waitFor(() => expect(xhr.sent).toHaveLength(2));
    const sent = xhr.sent[1]!;
    expect(sent.url).toContain('/api/red/admin/import');
    expect(JSON.parse(String(sent.body.get('mapping')))).toMatchObject({
      note_id: '笔记ID',
      published_at: '发布时间',
      topics: '备注',
      content: null,
    });
    expect((sent.body.get('file') as File).name).toBe('vendor.csv');

    // Progress, then the finished job with its row errors.
    expect(await screen.findByText(/导入中：已读取 1 \/ 3 行/)).toBeTruthy();
    expect(await screen.findByText(/导入完成：已读取 3 \/ 3 行/)).toBeTruthy();
    expect(screen.getByText('发布时间无效：昨天')).toBeTruthy();
    expect(fake.calls('/api/red/admin/import/status')[0]?.url.searchParams.get('job_id')).toBe('job-1');
    expect(getButton(/查看洞察/)).toBeTruthy();
  });

  it('sends the first whole lines of a large text file to the preview, a workbook whole', async () => {
    const line = `${'x'.repeat(99)}\n`;
    const big = new File([line.repeat(4000)], 'big.csv');
    const part = await previewPart(big);
    expect(part.size).toBeLessThan(big.size);
    expect(part.size % line.length).toBe(0);
    const workbook = new File([line.repeat(4000)], 'big.xlsx');
    expect(await previewPart(workbook)).toBe(workbook);
  });

  it('tells staff that only administrators import', () => {
    authStorage.write(storedUser());
    renderPage();
    expect(screen.getByText('只有管理员可以导入笔记')).toBeTruthy();
  });
});

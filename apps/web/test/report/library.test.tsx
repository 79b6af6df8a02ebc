import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { DocCitation, ReportCategory, ReportSummary, SliceDetail } from '@portal/contract';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ReportList } from '../../src/features/report/components/report-list';
import { SliceViewer } from '../../src/features/report/components/slice-viewer';
import { installDomPolyfills } from '../../src/testing/dom-polyfills';

/** pdf.js stands aside: the viewer draws nothing in jsdom, but says which page it opened. */
vi.mock('../../src/components/pdf-viewer/pdf-engine', () => ({
  openPdf: () =>
    Promise.resolve({
      pageCount: 42,
      pageSize: () => Promise.resolve({ width: 600, height: 800 }),
      render: () => ({ done: Promise.resolve(), cancel: () => undefined }),
      close: () => undefined,
    }),
}));

beforeAll(installDomPolyfills);
afterEach(cleanup);

const report = (over: Partial<ReportSummary>): ReportSummary => ({
  report_id: 'r1',
  title: '2024中国休闲零食行业报告',
  source: '测试研究院',
  date: '2024-06-01',
  pages: 42,
  status: 'ready',
  reason: null,
  scope: 'shared',
  category_id: 1,
  created_at: '2024-06-02T00:00:00.000Z',
  ...over,
});

const categories: ReportCategory[] = [
  {
    category_id: 1,
    name: '休闲食品',
    reports: [
      report({}),
      report({ report_id: 'r2', title: '饮料渠道报告', status: 'parsing', pages: null }),
      report({ report_id: 'r3', title: '损坏的报告', status: 'failed', reason: '文件已损坏，无法解析' }),
    ],
  },
  { category_id: 2, name: '美妆', reports: [] },
  { category_id: null, name: '我的报告', reports: [report({ report_id: 'r4', title: '我的备忘', scope: 'own' })] },
];

const noManage = { canManage: false, onDelete: () => undefined };

describe('report library list', () => {
  it('lists categories with reports, their source, date, pages and status; empty categories are hidden', () => {
    render(<ReportList {...noManage} categories={categories} selected={new Set()} onToggle={() => undefined} />);
    expect(screen.getByRole('region', { name: '休闲食品' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: '美妆' })).toBeNull();
    expect(screen.getByRole('region', { name: '我的报告' })).toBeTruthy();
    expect(screen.getAllByText('测试研究院 · 2024-06-01 · 42页').length).toBeGreaterThan(0);
    expect(screen.getByText('解析中')).toBeTruthy();
    expect(screen.getByText('解析失败')).toBeTruthy();
    expect(screen.getByText('文件已损坏，无法解析')).toBeTruthy();
  });

  it('lets only ready reports be picked, by click or keyboard', () => {
    const onToggle = vi.fn();
    render(<ReportList {...noManage} categories={categories} selected={new Set(['r4'])} onToggle={onToggle} />);
    const ready = screen.getByRole('checkbox', { name: '选择 2024中国休闲零食行业报告' });
    fireEvent.click(ready);
    expect(onToggle).toHaveBeenCalledWith('r1');
    expect((screen.getByRole('checkbox', { name: '选择 饮料渠道报告' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('checkbox', { name: '选择 我的备忘' }) as HTMLInputElement).checked).toBe(true);
  });

  it('offers deleting own reports to their owner and shared ones to administrators, after a confirmation', async () => {
    const onDelete = vi.fn();
    const { unmount } = render(
      <ReportList
        categories={categories}
        selected={new Set()}
        onToggle={() => undefined}
        canManage={false}
        onDelete={onDelete}
      />,
    );
    expect(screen.queryByRole('button', { name: '删除 2024中国休闲零食行业报告' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '删除 我的备忘' }));
    expect(onDelete).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByRole('button', { name: '删 除' }, { timeout: 10_000 }));
    expect(onDelete).toHaveBeenCalledWith(expect.objectContaining({ report_id: 'r4' }));
    unmount();

    render(
      <ReportList
        categories={categories}
        selected={new Set()}
        onToggle={() => undefined}
        canManage
        onDelete={onDelete}
      />,
    );
    expect(screen.getByRole('button', { name: '删除 2024中国休闲零食行业报告' })).toBeTruthy();
  });

  it('says so when nothing matches', () => {
    render(
      <ReportList
        {...noManage}
        categories={[{ category_id: 1, name: '休闲食品', reports: [] }]}
        selected={new Set()}
        onToggle={() => undefined}
      />,
    );
    expect(screen.getByText('没有找到报告')).toBeTruthy();
  });
});

describe('citation viewer', () => {
  const citation: DocCitation = {
    index: 2,
    file_id: 'f'.repeat(32),
    file_name: '2024中国休闲零食行业报告',
    page: 7,
    row: null,
    quote: 'The snack market size reached 1.2 trillion yuan',
    chunk_id: '15',
  };
  const slice: SliceDetail = {
    chunk_id: '15',
    text: 'The snack market size reached 1.2 trillion yuan in 2024.',
    page: 7,
    order: 3,
    position: { page_width: 600, page_height: 800, rects: [[0.1, 0.2, 0.6, 0.02]] },
    report: report({}),
    file_url: '/api/report/file/view?report_id=r1',
  };

  it('shows the cited slice highlighted and opens the report at the cited page', async () => {
    const loadSlice = vi.fn().mockResolvedValue(slice);
    const loadPdf = vi.fn().mockResolvedValue(new Blob(['%PDF-'], { type: 'application/pdf' }));
    render(<SliceViewer citation={citation} onClose={() => undefined} loadSlice={loadSlice} loadPdf={loadPdf} />);
    const text = await screen.findByTestId('slice-text', undefined, { timeout: 10_000 });
    expect(text.tagName).toBe('MARK');
    expect(text.textContent).toContain('1.2 trillion yuan in 2024');
    expect(loadSlice).toHaveBeenCalledWith('15');
    await waitFor(() => expect(loadPdf).toHaveBeenCalledWith('/api/report/file/view?report_id=r1'));
    const viewer = await screen.findByTestId('pdf-viewer');
    await waitFor(() => expect(viewer.getAttribute('data-state')).toBe('ready'));
    expect(viewer.getAttribute('data-page')).toBe('7');
    expect(screen.getByRole('region', { name: '2024中国休闲零食行业报告 第7页' })).toBeTruthy();
    expect(screen.getAllByTestId('pdf-highlight')).toHaveLength(1);
    expect(screen.getByText(/引用 \[2\]/)).toBeTruthy();
  });

  it('says the slice is gone when it cannot be read', async () => {
    const loadSlice = vi.fn().mockRejectedValue(new Error('gone'));
    render(<SliceViewer citation={citation} onClose={() => undefined} loadSlice={loadSlice} loadPdf={vi.fn()} />);
    expect(await screen.findByText('引用的报告片段不存在或已被删除', undefined, { timeout: 10_000 })).toBeTruthy();
  });
});

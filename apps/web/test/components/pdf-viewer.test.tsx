import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { PagePosition } from '@portal/contract';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PdfViewer } from '../../src/components/pdf-viewer';
import { clampPage, fitWidthScale, highlightBoxes, stepZoom } from '../../src/components/pdf-viewer/highlight-boxes';
import type { OpenPdf } from '../../src/components/pdf-viewer/pdf-engine';
import { installDomPolyfills } from '../../src/testing/dom-polyfills';

beforeAll(installDomPolyfills);
afterEach(cleanup);

describe('highlight placement', () => {
  it('maps fractions of the page to CSS boxes at the drawn size, padded and kept on the page', () => {
    const boxes = highlightBoxes(
      [
        [0.1, 0.25, 0.5, 0.02],
        [0.9, 0.99, 0.2, 0.05],
      ],
      400,
      600,
    );
    expect(boxes[0]).toEqual({ left: 38, top: 148, width: 204, height: 16 });
    // A box reaching past the page's edge stops at it.
    expect(boxes[1]).toEqual({ left: 358, top: 592, width: 42, height: 8 });
  });

  it('scales with the zoom: twice the page size, twice the box', () => {
    const [small] = highlightBoxes([[0.2, 0.2, 0.2, 0.1]], 300, 300);
    const [large] = highlightBoxes([[0.2, 0.2, 0.2, 0.1]], 600, 600);
    expect(large!.left + 2).toBe(2 * (small!.left + 2));
    expect(large!.width - 4).toBe(2 * (small!.width - 4));
  });

  it('fits the width, steps the zoom within bounds and keeps pages in range', () => {
    expect(fitWidthScale(390, 595)).toBeCloseTo(0.655, 3);
    expect(fitWidthScale(0, 595)).toBe(1);
    expect(stepZoom(1, 1)).toBe(1.25);
    expect(stepZoom(4, 1)).toBe(4);
    expect(stepZoom(0.5, -1)).toBe(0.5);
    expect(clampPage(0, 5)).toBe(1);
    expect(clampPage(9, 5)).toBe(5);
  });
});

/** A stand-in for pdf.js: pages of 600 × 800 points, drawing recorded instead of painted. */
function fakePdf(pageCount = 5) {
  const rendered: { page: number; scale: number }[] = [];
  const pdf: OpenPdf = {
    pageCount,
    pageSize: () => Promise.resolve({ width: 600, height: 800 }),
    render: (page, _canvas, scale) => {
      rendered.push({ page, scale });
      return { done: Promise.resolve(), cancel: () => undefined };
    },
    close: vi.fn(),
  };
  return { pdf, rendered, open: vi.fn().mockResolvedValue(pdf) };
}

const position: PagePosition = {
  page_width: 600,
  page_height: 800,
  rects: [
    [0.2, 0.36, 0.5, 0.02],
    [0.2, 0.38, 0.3, 0.02],
  ],
};
const pdfBlob = () => new Blob(['%PDF-1.7'], { type: 'application/pdf' });

describe('PdfViewer', () => {
  it('opens at the cited page and marks the passage over it', async () => {
    const { open, rendered } = fakePdf();
    render(<PdfViewer data={pdfBlob()} page={3} position={position} title="年报.pdf" openDocument={open} />);
    const viewer = await screen.findByTestId('pdf-viewer');
    await waitFor(() => expect(viewer.getAttribute('data-state')).toBe('ready'));
    expect(viewer.getAttribute('data-page')).toBe('3');
    expect(rendered.at(-1)?.page).toBe(3);
    expect(screen.getByText('第 3 / 5 页')).toBeTruthy();
    const marks = screen.getAllByTestId('pdf-highlight');
    expect(marks).toHaveLength(2);
    // jsdom lays nothing out: the page is fitted to a width of 0, i.e. drawn at 600 × 800.
    expect(marks[0]!.style.left).toBe('118px');
    expect(marks[0]!.style.top).toBe('286px');
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('pages and zooms by buttons and keys, marking only the cited page', async () => {
    const { open, rendered } = fakePdf();
    render(<PdfViewer data={pdfBlob()} page={3} position={position} title="年报.pdf" openDocument={open} />);
    await screen.findAllByTestId('pdf-highlight');
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    await waitFor(() => expect(screen.getByText('第 4 / 5 页')).toBeTruthy());
    expect(screen.queryAllByTestId('pdf-highlight')).toHaveLength(0);
    const region = screen.getByRole('region', { name: '年报.pdf 第4页' });
    fireEvent.keyDown(region, { key: 'ArrowLeft' });
    await screen.findAllByTestId('pdf-highlight');
    fireEvent.keyDown(region, { key: '+' });
    await waitFor(() => expect(rendered.at(-1)).toEqual({ page: 3, scale: 1.25 }));
    fireEvent.click(screen.getByRole('button', { name: '缩小' }));
    fireEvent.click(screen.getByRole('button', { name: '缩小' }));
    await waitFor(() => expect(rendered.at(-1)?.scale).toBe(0.8));
    fireEvent.keyDown(region, { key: '0' });
    await waitFor(() => expect(rendered.at(-1)?.scale).toBe(1));
    fireEvent.keyDown(region, { key: 'PageDown' });
    fireEvent.keyDown(region, { key: 'PageDown' });
    fireEvent.keyDown(region, { key: 'PageDown' });
    await waitFor(() => expect(screen.getByText('第 5 / 5 页')).toBeTruthy());
    expect((screen.getByRole('button', { name: '下一页' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('falls back to the page with a note when the passage has no known place', async () => {
    const { open } = fakePdf();
    render(<PdfViewer data={pdfBlob()} page={2} position={null} title="旧文件.pdf" openDocument={open} />);
    expect((await screen.findByRole('note')).textContent).toContain('已打开第2页');
    await waitFor(() => expect(screen.getByTestId('pdf-viewer').getAttribute('data-state')).toBe('ready'));
    expect(screen.queryAllByTestId('pdf-highlight')).toHaveLength(0);
  });

  it('opened without a citation it neither marks nor apologises', async () => {
    const { open } = fakePdf();
    render(<PdfViewer data={pdfBlob()} page={1} title="手册.pdf" openDocument={open} />);
    await waitFor(() => expect(screen.getByTestId('pdf-viewer').getAttribute('data-state')).toBe('ready'));
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('says so, naming the page, when the PDF cannot be read', async () => {
    const open = vi.fn().mockRejectedValue(new Error('bad pdf'));
    render(<PdfViewer data={pdfBlob()} page={7} position={position} title="坏文件.pdf" openDocument={open} />);
    expect(await screen.findByText('PDF 加载失败，请对照上方原文（第7页）')).toBeTruthy();
    cleanup();
    render(<PdfViewer data={null} failed page={2} position={null} title="x.pdf" openDocument={open} />);
    expect(screen.getByText('PDF 加载失败，请对照上方原文（第2页）')).toBeTruthy();
  });
});

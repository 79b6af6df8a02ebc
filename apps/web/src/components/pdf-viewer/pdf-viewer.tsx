import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Spin from 'antd/es/spin';
import LeftOutlined from '@ant-design/icons/es/icons/LeftOutlined';
import RightOutlined from '@ant-design/icons/es/icons/RightOutlined';
import ZoomInOutlined from '@ant-design/icons/es/icons/ZoomInOutlined';
import ZoomOutOutlined from '@ant-design/icons/es/icons/ZoomOutOutlined';
import ColumnWidthOutlined from '@ant-design/icons/es/icons/ColumnWidthOutlined';
import type { PagePosition } from '@portal/contract';
import type { OpenPdf, PdfPageSize } from './pdf-engine';
import { clampPage, fitWidthScale, highlightBoxes, MAX_ZOOM, MIN_ZOOM, stepZoom } from './highlight-boxes';
import './pdf-viewer.css';

export interface PdfViewerProps {
  /** The PDF's bytes, fetched with the sign-in by the caller; null while they load. */
  data: Blob | null;
  /** The caller could not fetch the file. */
  failed?: boolean;
  /** The cited page (1-based); the viewer opens there. */
  page: number;
  /**
   * The cited passage's boxes on that page; null when a passage is cited but its place is unknown
   * (older files, scanned pages); absent when the file is opened without a citation.
   */
  position?: PagePosition | null;
  /** Names the page for assistive technology, e.g. the file name. */
  title: string;
  /** Opens the document; replaceable in tests (the real one loads pdf.js on first use). */
  openDocument?: (data: Blob) => Promise<OpenPdf>;
}

const loadEngine = (data: Blob) => import('./pdf-engine').then((engine) => engine.openPdf(data));

type Status = 'loading' | 'ready' | 'error';

/**
 * One page of a PDF drawn by pdf.js on a canvas, opened at the cited page with the cited passage
 * marked over it: paging and zoom by buttons and keys (← → PageUp PageDown, + − 0), fitted to the
 * available width on any screen. Without a known position the page opens unmarked and says so.
 */
export function PdfViewer({ data, failed, page, position, title, openDocument = loadEngine }: PdfViewerProps) {
  const [doc, setDoc] = useState<OpenPdf | null>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [current, setCurrent] = useState(page);
  const [zoom, setZoom] = useState(1);
  const [size, setSize] = useState<PdfPageSize | null>(null);
  const [available, setAvailable] = useState(0);
  const [drawn, setDrawn] = useState(false);
  const scrollRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const revealed = useRef(false);

  useEffect(() => {
    setCurrent(page);
    revealed.current = false;
  }, [page, data]);

  useEffect(() => {
    if (!data) return;
    let cancelled = false;
    let opened: OpenPdf | null = null;
    setStatus('loading');
    openDocument(data)
      .then((pdf) => {
        opened = pdf;
        if (cancelled) return pdf.close();
        setDoc(pdf);
        setStatus('ready');
      })
      .catch(() => {
        if (!cancelled) setStatus('error');
      });
    return () => {
      cancelled = true;
      opened?.close();
      setDoc(null);
    };
  }, [data, openDocument]);

  // The width the page may take, followed as the drawer or the phone turns.
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const measure = () => setAvailable(element.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [status]);

  const pageCount = doc?.pageCount ?? 0;
  const shown = clampPage(current, pageCount || current);

  useEffect(() => {
    if (!doc) return;
    let cancelled = false;
    setSize(null);
    doc
      .pageSize(shown)
      .then((s) => !cancelled && setSize(s))
      .catch(() => !cancelled && setStatus('error'));
    return () => {
      cancelled = true;
    };
  }, [doc, shown]);

  const scale = size ? fitWidthScale(available, size.width) * zoom : 0;
  const cssWidth = size ? size.width * scale : 0;
  const cssHeight = size ? size.height * scale : 0;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!doc || !canvas || !(scale > 0)) return;
    setDrawn(false);
    const task = doc.render(shown, canvas, scale);
    task.done.then(
      () => setDrawn(true),
      () => undefined,
    );
    return () => task.cancel();
  }, [doc, shown, scale]);

  const marks = shown === page && position && size ? highlightBoxes(position.rects, cssWidth, cssHeight) : [];

  // Once the cited page is drawn, its first mark is brought into view (only once per opening).
  useEffect(() => {
    if (!drawn || revealed.current || marks.length === 0) return;
    revealed.current = true;
    scrollRef.current?.querySelector('.pdf-viewer-mark')?.scrollIntoView?.({ block: 'center', inline: 'nearest' });
  }, [drawn, marks.length]);

  const go = useCallback((delta: number) => setCurrent((p) => clampPage(p + delta, pageCount)), [pageCount]);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const actions: Record<string, () => void> = {
      ArrowLeft: () => go(-1),
      PageUp: () => go(-1),
      ArrowRight: () => go(1),
      PageDown: () => go(1),
      '+': () => setZoom((z) => stepZoom(z, 1)),
      '=': () => setZoom((z) => stepZoom(z, 1)),
      '-': () => setZoom((z) => stepZoom(z, -1)),
      '0': () => setZoom(1),
    };
    const action = actions[event.key];
    if (!action || event.metaKey || event.ctrlKey || event.altKey) return;
    event.preventDefault();
    action();
  };

  if (failed || status === 'error') {
    return (
      <div className="pdf-viewer" data-testid="pdf-viewer" data-state="error" data-page={page}>
        <Alert type="error" showIcon title={`PDF 加载失败，请对照上方原文（第${page}页）`} />
      </div>
    );
  }

  return (
    <div className="pdf-viewer" data-testid="pdf-viewer" data-state={drawn ? 'ready' : 'loading'} data-page={shown}>
      {position === null ? (
        <div className="pdf-viewer-note" role="note">
          未能定位引用在页面上的位置，已打开第{page}页，请对照上方原文
        </div>
      ) : null}
      <div className="pdf-viewer-toolbar" role="toolbar" aria-label="PDF 翻页与缩放">
        <Button icon={<LeftOutlined />} aria-label="上一页" disabled={shown <= 1} onClick={() => go(-1)} />
        <span className="pdf-viewer-pages" aria-live="polite">
          第 {shown} / {pageCount || '…'} 页
        </span>
        <Button
          icon={<RightOutlined />}
          aria-label="下一页"
          disabled={!pageCount || shown >= pageCount}
          onClick={() => go(1)}
        />
        <span className="pdf-viewer-gap" />
        <Button
          icon={<ZoomOutOutlined />}
          aria-label="缩小"
          disabled={zoom <= MIN_ZOOM}
          onClick={() => setZoom((z) => stepZoom(z, -1))}
        />
        <Button icon={<ColumnWidthOutlined />} aria-label="适合宽度" onClick={() => setZoom(1)} />
        <Button
          icon={<ZoomInOutlined />}
          aria-label="放大"
          disabled={zoom >= MAX_ZOOM}
          onClick={() => setZoom((z) => stepZoom(z, 1))}
        />
      </div>
      <div
        ref={scrollRef}
        className="pdf-viewer-scroll"
        tabIndex={0}
        role="region"
        aria-label={`${title} 第${shown}页`}
        onKeyDown={onKeyDown}
      >
        {status === 'loading' || !size ? (
          <Spin description="正在打开 PDF…">
            <div className="pdf-viewer-placeholder" />
          </Spin>
        ) : null}
        <div className="pdf-viewer-page" style={size ? { width: cssWidth, height: cssHeight } : { display: 'none' }}>
          <canvas ref={canvasRef} aria-hidden="true" />
          {marks.map((box, i) => (
            <div key={i} className="pdf-viewer-mark" data-testid="pdf-highlight" style={box} />
          ))}
        </div>
      </div>
    </div>
  );
}

import { Alert, Skeleton } from 'antd';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { fetchBlob } from '../../../lib/fetch-blob';
import { splitUrl } from '../../../components/signed-image/signed-image';
import { BRUSH_MAX, BRUSH_MIN, BrushControls, type BrushMode } from './brush-controls';
import { MaskModel, maskSize, type DirtyRect } from './mask-model';

interface MaskBrushProps {
  /** The source photo (signed-in URL). */
  sourceUrl: string;
  /** The cutout (PNG with the mask as alpha) whose mask is corrected. */
  cutoutUrl: string;
  /** The corrected mask as a PNG (white keep, black erase). */
  onApply(mask: Blob): Promise<void>;
  onCancel(): void;
}

async function bitmapOf(url: string): Promise<ImageBitmap> {
  const { path, params } = splitUrl(url);
  return createImageBitmap(await fetchBlob(path, { params, accept: (type) => type.startsWith('image/') }));
}

/**
 * The mask brush on the cutout preview: the photo with the erased background tinted, painted with
 * a round brush to keep (restore the product) or erase (remove background), undo, reset, and the
 * corrected mask handed back as a PNG. Shortcuts: K keep, E erase, [ and ] brush size, Ctrl+Z undo.
 */
export function MaskBrush({ sourceUrl, cutoutUrl, onApply, onCancel }: MaskBrushProps) {
  const photo = useRef<HTMLCanvasElement>(null);
  const overlay = useRef<HTMLCanvasElement>(null);
  const model = useRef<MaskModel | null>(null);
  const last = useRef<{ x: number; y: number } | null>(null);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const [mode, setMode] = useState<BrushMode>('erase');
  const [size, setSize] = useState(40);
  const [history, setHistory] = useState({ canUndo: false, changed: false });
  const [applying, setApplying] = useState(false);

  const redraw = useCallback((rect?: DirtyRect) => {
    const m = model.current;
    const ctx = overlay.current?.getContext('2d');
    if (!m || !ctx) return;
    const image = ctx.getImageData(0, 0, m.width, m.height);
    m.paintOverlay(image.data, rect);
    if (rect) ctx.putImageData(image, 0, 0, rect.x, rect.y, rect.width, rect.height);
    else ctx.putImageData(image, 0, 0);
  }, []);

  useEffect(() => {
    let cancelled = false;
    void Promise.all([bitmapOf(sourceUrl), bitmapOf(cutoutUrl)])
      .then(([source, cut]) => {
        if (cancelled || !photo.current || !overlay.current) return;
        const { width, height } = maskSize(source.width, source.height);
        for (const canvas of [photo.current, overlay.current]) {
          canvas.width = width;
          canvas.height = height;
        }
        photo.current.getContext('2d')!.drawImage(source, 0, 0, width, height);
        const scratch = document.createElement('canvas');
        scratch.width = width;
        scratch.height = height;
        const sctx = scratch.getContext('2d', { willReadFrequently: true })!;
        sctx.drawImage(cut, 0, 0, width, height);
        model.current = MaskModel.fromAlpha(width, height, sctx.getImageData(0, 0, width, height).data);
        redraw();
        setReady(true);
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
    };
  }, [sourceUrl, cutoutUrl, redraw]);

  const sync = () => {
    const m = model.current;
    if (m) setHistory({ canUndo: m.canUndo, changed: m.changed });
  };

  /** The pointer's position in mask pixels. */
  const at = (e: PointerEvent<HTMLCanvasElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    const m = model.current!;
    return { x: ((e.clientX - box.left) / box.width) * m.width, y: ((e.clientY - box.top) / box.height) * m.height };
  };
  /** The brush radius in mask pixels: `size` is in screen pixels. */
  const radius = (canvas: HTMLCanvasElement) => {
    const box = canvas.getBoundingClientRect();
    return ((size / 2) * model.current!.width) / Math.max(1, box.width);
  };

  const paint = (e: PointerEvent<HTMLCanvasElement>, from: { x: number; y: number }, to: { x: number; y: number }) => {
    const rect = model.current!.stroke(from.x, from.y, to.x, to.y, radius(e.currentTarget), mode === 'keep');
    if (rect) redraw(rect);
  };

  const onDown = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!model.current) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    model.current.begin();
    const p = at(e);
    last.current = p;
    paint(e, p, p);
  };
  const onMove = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!last.current || !model.current) return;
    const p = at(e);
    paint(e, last.current, p);
    last.current = p;
  };
  const onUp = () => {
    if (!last.current) return;
    last.current = null;
    sync();
  };

  const undo = () => {
    if (model.current?.undo()) redraw();
    sync();
  };
  const reset = () => {
    model.current?.reset();
    redraw();
    sync();
  };
  const apply = async () => {
    const m = model.current;
    if (!m) return;
    setApplying(true);
    try {
      const canvas = document.createElement('canvas');
      canvas.width = m.width;
      canvas.height = m.height;
      canvas.getContext('2d')!.putImageData(new ImageData(m.toRgba(), m.width, m.height), 0, 0);
      const blob = await new Promise<Blob>((resolve, reject) =>
        canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('mask'))), 'image/png'),
      );
      await onApply(blob);
    } finally {
      setApplying(false);
    }
  };

  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    // Typing in a text field is left alone (the mode's radios and the slider take the shortcuts).
    if ((e.target as HTMLElement).closest('textarea, input:not([type="radio"]):not([type="checkbox"])')) return;
    const key = e.key.toLowerCase();
    if ((e.ctrlKey || e.metaKey) && key === 'z') {
      e.preventDefault();
      undo();
    } else if (key === 'k') setMode('keep');
    else if (key === 'e') setMode('erase');
    else if (key === '[') setSize((s) => Math.max(BRUSH_MIN, s - 4));
    else if (key === ']') setSize((s) => Math.min(BRUSH_MAX, s + 4));
  };

  if (failed) return <Alert type="error" showIcon message="抠图预览加载失败，请稍后重试" />;
  return (
    <div className="ab-brush" onKeyDown={onKey} role="group" aria-label="修正抠图蒙版">
      <BrushControls
        mode={mode}
        size={size}
        canUndo={history.canUndo}
        changed={history.changed}
        applying={applying}
        onMode={setMode}
        onSize={setSize}
        onUndo={undo}
        onReset={reset}
        onApply={() => void apply()}
        onCancel={onCancel}
      />
      <div className="ab-muted">涂抹“保留”找回被误删的商品部分，涂抹“擦除”去掉残留背景；红色区域为将被去除的背景。</div>
      {!ready && <Skeleton.Image active style={{ width: 240, height: 240 }} />}
      <div className="ab-brush__stage" hidden={!ready}>
        <canvas ref={photo} className="ab-brush__photo" aria-hidden />
        <canvas
          ref={overlay}
          className={`ab-brush__overlay ab-brush__overlay--${mode}`}
          role="img"
          // Focusable, so that after painting the shortcuts (Ctrl+Z…) reach the editor.
          tabIndex={0}
          aria-label={`蒙版画布，当前${mode === 'keep' ? '保留' : '擦除'}，画笔 ${size}px`}
          onPointerDown={onDown}
          onPointerMove={onMove}
          onPointerUp={onUp}
          onPointerCancel={onUp}
        />
      </div>
    </div>
  );
}

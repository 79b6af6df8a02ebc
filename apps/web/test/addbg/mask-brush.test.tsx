import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MaskModel, maskSize } from '../../src/features/addbg/brush/mask-model';

vi.mock('../../src/lib/fetch-blob', () => ({
  fetchBlob: vi.fn(() => Promise.resolve(new Blob(['x'], { type: 'image/png' }))),
}));

describe('the mask model', () => {
  it('paints keep and erase strokes, undoes them one stroke at a time and exports white/black', () => {
    // A 10×4 cutout whose left half is the product.
    const rgba = new Uint8Array(10 * 4 * 4);
    for (let y = 0; y < 4; y++) for (let x = 0; x < 5; x++) rgba[(y * 10 + x) * 4 + 3] = 255;
    const m = MaskModel.fromAlpha(10, 4, rgba);
    expect(m.data[0]).toBe(255);
    expect(m.data[9]).toBe(0);
    expect(m.changed).toBe(false);

    m.begin();
    // Keep: a stroke along the second row across the background restores it.
    m.stroke(5, 1.5, 9.5, 1.5, 0.6, true);
    expect([...m.data.subarray(10, 20)]).toEqual(Array(10).fill(255));
    expect(m.data[0 * 10 + 9]).toBe(0);
    m.begin();
    // Erase a dot in the product.
    const rect = m.stroke(1.5, 2.5, 1.5, 2.5, 0.6, false);
    expect(rect).toMatchObject({ x: 0, y: 1 });
    expect(m.data[2 * 10 + 1]).toBe(0);
    expect(m.changed).toBe(true);

    expect(m.undo()).toBe(true);
    expect(m.data[2 * 10 + 1]).toBe(255);
    expect(m.undo()).toBe(true);
    expect(m.data[1 * 10 + 9]).toBe(0);
    expect(m.canUndo).toBe(false);
    expect(m.changed).toBe(false);

    m.stroke(0, 0, 10, 4, 20, false);
    m.reset();
    expect(m.data[0]).toBe(255);
    const out = m.toRgba();
    expect([...out.subarray(0, 4)]).toEqual([255, 255, 255, 255]);
    expect([...out.subarray(9 * 4, 9 * 4 + 4)]).toEqual([0, 0, 0, 255]);
  });

  it('edits large photos at most 1024 a side', () => {
    expect(maskSize(4000, 3000)).toEqual({ width: 1024, height: 768 });
    expect(maskSize(300, 200)).toEqual({ width: 300, height: 200 });
  });
});

/** A 2D context that keeps pixels in memory: enough for the brush's getImageData/putImageData. */
function fakeContext(canvas: HTMLCanvasElement) {
  let pixels = new Uint8ClampedArray(0);
  const ensure = () => {
    if (pixels.length !== canvas.width * canvas.height * 4) {
      pixels = new Uint8ClampedArray(canvas.width * canvas.height * 4);
      // What the cutout's alpha looks like when drawn: the left half is the product.
      for (let y = 0; y < canvas.height; y++)
        for (let x = 0; x < canvas.width / 2; x++) pixels[(y * canvas.width + x) * 4 + 3] = 255;
    }
  };
  return {
    drawImage: vi.fn(),
    getImageData: (_x: number, _y: number, w: number, h: number) => {
      ensure();
      return { data: Uint8ClampedArray.from(pixels), width: w, height: h };
    },
    putImageData: (image: { data: Uint8ClampedArray }) => {
      ensure();
      pixels = Uint8ClampedArray.from(image.data);
    },
    pixels: () => pixels,
  };
}

describe('the mask brush', () => {
  const contexts = new Map<HTMLCanvasElement, ReturnType<typeof fakeContext>>();
  let exported: Uint8ClampedArray | null = null;

  beforeEach(() => {
    contexts.clear();
    exported = null;
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(() => Promise.resolve({ width: 200, height: 100 })),
    );
    vi.stubGlobal(
      'ImageData',
      class {
        constructor(
          readonly data: Uint8ClampedArray,
          readonly width: number,
          readonly height: number,
        ) {}
      },
    );
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
      if (!contexts.has(this)) contexts.set(this, fakeContext(this));
      return contexts.get(this) as unknown as CanvasRenderingContext2D;
    } as never);
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (
      this: HTMLCanvasElement,
      done: BlobCallback,
    ) {
      exported = contexts.get(this)!.pixels();
      done(new Blob(['png'], { type: 'image/png' }));
    });
    vi.spyOn(HTMLCanvasElement.prototype, 'getBoundingClientRect').mockReturnValue({
      left: 0,
      top: 0,
      width: 200,
      height: 100,
    } as DOMRect);
    Object.assign(HTMLCanvasElement.prototype, { setPointerCapture: vi.fn() });
    // jsdom has no PointerEvent: a mouse event carries the coordinates the brush reads.
    if (typeof window.PointerEvent === 'undefined') {
      vi.stubGlobal(
        'PointerEvent',
        class extends MouseEvent {
          readonly pointerId: number;
          constructor(type: string, init: PointerEventInit = {}) {
            super(type, init);
            this.pointerId = init.pointerId ?? 1;
          }
        },
      );
    }
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('is used from the keyboard and by pointer: erase, keep, size, undo, then the corrected mask is handed back', async () => {
    const { MaskBrush } = await import('../../src/features/addbg/brush/mask-brush');
    const onApply = vi.fn((_blob: Blob) => Promise.resolve());
    render(
      <App>
        <MaskBrush
          sourceUrl="/api/addbg/file/download?file_id=a"
          cutoutUrl="/api/addbg/works/image?image_id=b"
          onApply={onApply}
          onCancel={() => undefined}
        />
      </App>,
    );
    const canvas = await screen.findByRole('img', { name: /蒙版画布/ });
    await waitFor(() => expect(canvas.closest('[hidden]')).toBeNull());
    const group = screen.getByRole('group', { name: '修正抠图蒙版' });
    const apply = screen.getByRole('button', { name: /使用修正后的蒙版/ });
    const undo = screen.getByRole('button', { name: /撤销/ });
    expect((apply as HTMLButtonElement).disabled).toBe(true);
    expect((undo as HTMLButtonElement).disabled).toBe(true);

    // Erase (the default) a dot inside the product at (50, 50).
    fireEvent.pointerDown(canvas, { clientX: 50, clientY: 50, pointerId: 1 });
    fireEvent.pointerUp(canvas, { pointerId: 1 });
    expect((apply as HTMLButtonElement).disabled).toBe(false);
    expect((undo as HTMLButtonElement).disabled).toBe(false);

    // Ctrl+Z undoes it.
    fireEvent.keyDown(group, { key: 'z', ctrlKey: true });
    expect((undo as HTMLButtonElement).disabled).toBe(true);
    expect((apply as HTMLButtonElement).disabled).toBe(true);

    // K switches to keep; ] makes the brush bigger; a stroke in the background keeps it.
    fireEvent.keyDown(group, { key: 'k' });
    expect(canvas.getAttribute('aria-label')).toContain('保留');
    fireEvent.keyDown(group, { key: ']' });
    expect(canvas.getAttribute('aria-label')).toContain('44px');
    expect(screen.getByRole('slider', { name: '画笔大小' }).getAttribute('aria-valuenow')).toBe('44');
    fireEvent.pointerDown(canvas, { clientX: 150, clientY: 50, pointerId: 1 });
    fireEvent.pointerMove(canvas, { clientX: 160, clientY: 50, pointerId: 1 });
    fireEvent.pointerUp(canvas, { pointerId: 1 });

    await act(async () => {
      fireEvent.click(apply);
    });
    expect(onApply).toHaveBeenCalledTimes(1);
    const at = (x: number, y: number) => exported![(y * 200 + x) * 4]!;
    expect(at(50, 50)).toBe(255);
    expect(at(155, 50)).toBe(255);
    expect(at(190, 95)).toBe(0);
  });
});

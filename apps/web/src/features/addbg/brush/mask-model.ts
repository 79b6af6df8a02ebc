/** A rectangle of the mask that changed and must be redrawn. */
export interface DirtyRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The longest side the mask is edited at; the server scales it to the source. */
export const MASK_MAX_SIDE = 1024;
/** Strokes that can be undone. */
const UNDO_DEPTH = 20;
/** Where the mask is taken as background (erased) in the overlay and in the alpha it came from. */
const KEEP_THRESHOLD = 128;

/** The editing size of a source: the source's own size, scaled down to MASK_MAX_SIDE. */
export function maskSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, MASK_MAX_SIDE / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * The cutout mask under the brush: one byte a pixel (255 keep, 0 erase), painted with round
 * strokes, with an undo history of whole snapshots taken when a stroke begins. Pure data, so it is
 * tested without a canvas.
 */
export class MaskModel {
  readonly data: Uint8Array;
  private readonly initial: Uint8Array;
  private readonly history: Uint8Array[] = [];

  constructor(
    readonly width: number,
    readonly height: number,
    initial?: Uint8Array,
  ) {
    this.data = initial ? Uint8Array.from(initial) : new Uint8Array(width * height).fill(255);
    this.initial = Uint8Array.from(this.data);
  }

  /** From the alpha channel of the cutout, as RGBA pixels of the editing size. */
  static fromAlpha(width: number, height: number, rgba: Uint8ClampedArray | Uint8Array): MaskModel {
    const mask = new Uint8Array(width * height);
    for (let i = 0; i < mask.length; i++) mask[i] = rgba[i * 4 + 3]! >= KEEP_THRESHOLD ? 255 : 0;
    return new MaskModel(width, height, mask);
  }

  get canUndo(): boolean {
    return this.history.length > 0;
  }

  /** Whether the mask differs from the cutout it started as. */
  get changed(): boolean {
    for (let i = 0; i < this.data.length; i++) if (this.data[i] !== this.initial[i]) return true;
    return false;
  }

  /** A stroke begins: what it changes can be undone in one step. */
  begin(): void {
    this.history.push(Uint8Array.from(this.data));
    if (this.history.length > UNDO_DEPTH) this.history.shift();
  }

  /** Paints a round brush along a segment; answers the rectangle that changed. */
  stroke(x0: number, y0: number, x1: number, y1: number, radius: number, keep: boolean): DirtyRect | null {
    const r = Math.max(0.5, radius);
    const value = keep ? 255 : 0;
    const left = Math.max(0, Math.floor(Math.min(x0, x1) - r));
    const top = Math.max(0, Math.floor(Math.min(y0, y1) - r));
    const right = Math.min(this.width - 1, Math.ceil(Math.max(x0, x1) + r));
    const bottom = Math.min(this.height - 1, Math.ceil(Math.max(y0, y1) + r));
    if (left > right || top > bottom) return null;
    const dx = x1 - x0;
    const dy = y1 - y0;
    const length2 = dx * dx + dy * dy;
    const r2 = r * r;
    for (let y = top; y <= bottom; y++) {
      for (let x = left; x <= right; x++) {
        // Distance from the pixel's centre to the segment.
        const px = x + 0.5 - x0;
        const py = y + 0.5 - y0;
        const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, (px * dx + py * dy) / length2));
        const ex = px - t * dx;
        const ey = py - t * dy;
        if (ex * ex + ey * ey <= r2) this.data[y * this.width + x] = value;
      }
    }
    return { x: left, y: top, width: right - left + 1, height: bottom - top + 1 };
  }

  undo(): boolean {
    const previous = this.history.pop();
    if (!previous) return false;
    this.data.set(previous);
    return true;
  }

  /** Back to the cutout's own mask (undoable). */
  reset(): void {
    this.begin();
    this.data.set(this.initial);
  }

  /**
   * The overlay shown over the photo: a translucent tint where the background is erased, clear
   * where the product is kept; written into `rgba` (the overlay's pixels) for `rect` or all.
   */
  paintOverlay(
    rgba: Uint8ClampedArray,
    rect: DirtyRect = { x: 0, y: 0, width: this.width, height: this.height },
  ): void {
    for (let y = rect.y; y < rect.y + rect.height; y++) {
      for (let x = rect.x; x < rect.x + rect.width; x++) {
        const i = y * this.width + x;
        const erased = this.data[i]! < KEEP_THRESHOLD;
        rgba[i * 4] = 255;
        rgba[i * 4 + 1] = 40;
        rgba[i * 4 + 2] = 90;
        rgba[i * 4 + 3] = erased ? 140 : 0;
      }
    }
  }

  /** The mask as opaque greyscale RGBA (white keep, black erase), what is encoded to PNG and sent. */
  toRgba(): Uint8ClampedArray<ArrayBuffer> {
    const rgba = new Uint8ClampedArray(this.data.length * 4);
    for (let i = 0; i < this.data.length; i++) {
      const v = this.data[i]!;
      rgba[i * 4] = v;
      rgba[i * 4 + 1] = v;
      rgba[i * 4 + 2] = v;
      rgba[i * 4 + 3] = 255;
    }
    return rgba;
  }
}

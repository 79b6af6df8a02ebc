import { borderIndices, connectedParts } from './mask-cleanup';

/**
 * A second opinion for photos on a plain backdrop (a studio sweep, a white table): the backdrop is
 * what is connected to the image border and close to the border's colour, or that colour in a soft
 * shadow (a product's contact shadow would otherwise be taken for the product, and close the space
 * between a chair's legs). The model is kept unless it clearly missed the product (white on white,
 * glass), which this finds by its outline; specks on the backdrop (confetti, dust) do not count.
 */

/** Border pixels within this RGB distance of the border's median colour count as backdrop. */
const BORDER_TOLERANCE = 18;
/** The share of the border that must be backdrop for the photo to count as plain. */
const PLAIN_BORDER_SHARE = 0.92;
/** Pixels this close to the backdrop colour and connected to the border are backdrop. */
const FILL_TOLERANCE = 10;
/** The model is overruled only when it covers less than this share of what the fill finds. */
const MISSED_SHARE = 0.5;
/**
 * A shadow cast on the backdrop is the backdrop's colour darkened: between these shares of its
 * brightness, each channel within SHADOW_TOLERANCE of the backdrop's scaled by that share.
 */
const SHADOW_DARKEST = 0.4;
const SHADOW_LIGHTEST = 0.985;
const SHADOW_TOLERANCE = 9;
/**
 * A shadow is soft: no neighbour differs by more than this (sum of the three channels). The thin
 * drawn outline of a white product on white is as dark as a light shadow but sharp, and must stop
 * the fill: it is what finds that product.
 */
const SHADOW_STEP = 14;
/** Parts of the fill's product smaller than this share of the photo are specks of the backdrop (confetti, dust). */
const SPECK_SHARE = 0.0015;

const dist2 = (rgb: Uint8Array, i: number, c: readonly number[]) => {
  const dr = rgb[i * 3]! - c[0]!;
  const dg = rgb[i * 3 + 1]! - c[1]!;
  const db = rgb[i * 3 + 2]! - c[2]!;
  return dr * dr + dg * dg + db * db;
};

export interface PlainBackdrop {
  /** The product (0/255): what the fill from the border did not reach. */
  mask: Uint8Array;
  /** 1 where a pixel has the backdrop's colour, reached by the fill or enclosed by the product. */
  coloured: Uint8Array;
}

/** The product mask (0/255) of a plain-backdrop photo, or null when the backdrop is not plain. */
export function plainBackdropMask(rgb: Uint8Array, size: number): Uint8Array | null {
  return plainBackdrop(rgb, size)?.mask ?? null;
}

/** The backdrop fill of a plain-backdrop photo, or null when the backdrop is not plain. */
export function plainBackdrop(rgb: Uint8Array, size: number): PlainBackdrop | null {
  const border = borderIndices(size);
  const median = [0, 1, 2].map((c) => {
    const values = border.map((i) => rgb[i * 3 + c]!).sort((a, b) => a - b);
    return values[values.length >> 1]!;
  });
  const near = border.filter((i) => dist2(rgb, i, median) <= BORDER_TOLERANCE ** 2).length;
  if (near / border.length < PLAIN_BORDER_SHARE) return null;
  const backdrop = new Uint8Array(size * size);
  // A typed stack and no per-pixel arrays: the fill visits most of the 1M pixels of a plain photo.
  const stack = new Int32Array(size * size);
  let top = 0;
  const shadow = shadowTest(rgb, size, median);
  const visit = (n: number) => {
    if (!backdrop[n] && (dist2(rgb, n, median) <= FILL_TOLERANCE ** 2 || shadow(n))) {
      backdrop[n] = 1;
      stack[top++] = n;
    }
  };
  for (const i of border) visit(i);
  while (top > 0) {
    const i = stack[--top]!;
    const x = i % size;
    if (x > 0) visit(i - 1);
    if (x < size - 1) visit(i + 1);
    if (i >= size) visit(i - size);
    if (i + size < backdrop.length) visit(i + size);
  }
  const mask = new Uint8Array(size * size);
  const coloured = new Uint8Array(size * size);
  for (let i = 0; i < mask.length; i++) {
    mask[i] = backdrop[i] ? 0 : 255;
    coloured[i] = backdrop[i] || dist2(rgb, i, median) <= FILL_TOLERANCE ** 2 ? 1 : 0;
  }
  return { mask, coloured };
}

/** Whether a pixel is the backdrop in a soft shadow (see SHADOW_DARKEST … SHADOW_STEP). */
function shadowTest(rgb: Uint8Array, size: number, backdrop: readonly number[]): (i: number) => boolean {
  const backdropSum = backdrop[0]! + backdrop[1]! + backdrop[2]!;
  const sum = (i: number) => rgb[i * 3]! + rgb[i * 3 + 1]! + rgb[i * 3 + 2]!;
  return (i) => {
    const own = sum(i);
    const share = own / (backdropSum || 1);
    if (share < SHADOW_DARKEST || share > SHADOW_LIGHTEST) return false;
    for (let c = 0; c < 3; c++) if (Math.abs(rgb[i * 3 + c]! - backdrop[c]! * share) > SHADOW_TOLERANCE) return false;
    const x = i % size;
    if (x === 0 || x === size - 1 || i < size || i >= rgb.length / 3 - size) return false;
    for (const n of [i - 1, i + 1, i - size, i + size]) if (Math.abs(sum(n) - own) > SHADOW_STEP) return false;
    return true;
  };
}

/**
 * The model's mask (the same array, so a caller can tell), or the backdrop fill
 * (`plainBackdropMask`) where the model clearly missed the product.
 */
export function withPlainBackdrop(model: Uint8Array, fill: Uint8Array, size: number): Uint8Array {
  const product = withoutSpecks(fill, size);
  let found = 0;
  let covered = 0;
  for (let i = 0; i < product.length; i++) {
    if (product[i]) {
      found++;
      if (model[i]! > 127) covered++;
    }
  }
  // Nothing found apart from the backdrop, or a product filling nearly the whole frame: keep the model.
  if (found === 0 || found > fill.length * 0.9) return model;
  return covered / found < MISSED_SHARE ? product : model;
}

/** The fill's product without its specks: parts (4-connected) smaller than SPECK_SHARE of the photo. */
function withoutSpecks(fill: Uint8Array, size: number): Uint8Array {
  const { labels, areas } = connectedParts(fill, size);
  const least = SPECK_SHARE * fill.length;
  const out = new Uint8Array(fill.length);
  for (let i = 0; i < fill.length; i++) if (labels[i]! >= 0 && areas[labels[i]!]! >= least) out[i] = 255;
  return out;
}

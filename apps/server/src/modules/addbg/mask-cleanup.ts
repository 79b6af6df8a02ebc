import { colourBin, productLikelihood } from './colour-likelihood';
import { regionsWhenNeeded, type ColourRegions } from './colour-regions';

/**
 * Clean-up of the model's mask on busy backdrops. ISNet finds the product but often glues
 * background structures to it (stripes, dots, the edge of a shelf) or leaves stray blobs apart
 * from it. Two steps, on the mask and the photo at the model's size:
 *
 * 1. Thin pieces: the mask is opened with a disc (pieces narrower than the disc removed); a removed
 *    piece comes back when its colours look like the product's core rather than the backdrop
 *    (colour histograms of both), so a lamp's thin stem stays and a background stripe goes.
 * 2. Stray blobs: only connected parts of at least a fifth of the largest part are kept (a pair of
 *    shoes stays a pair).
 *
 * Soft edges are kept: a pixel is either left as the model gave it or cleared.
 */

/** The opening's disc radius as a share of the mask's side (32 px at 1024²). */
const OPEN_RADIUS_SHARE = 1 / 32;
/** A removed piece is put back when, on average, its colours are at least this much "product". */
const PRODUCT_LIKELIHOOD = 0.6;
/** Parts smaller than this share of the largest part are dropped. */
const KEEP_PART_SHARE = 0.2;
const INSIDE = 127;
/** Regions of one colour at least this large split a removed piece (smaller ones are edges, noise). */
const MIN_COLOUR_REGION_PX = 64;
/** How far outside the kept parts the model's soft edge is kept. */
const SOFT_EDGE_PX = 4;

export interface Parts {
  /** Part index per pixel, −1 outside. */
  labels: Int32Array;
  /** Pixel count per part. */
  areas: number[];
}

/** 4-connected parts of the non-zero pixels of a `width`-wide map. */
export function connectedParts(on: Uint8Array, width: number): Parts {
  const labels = new Int32Array(on.length).fill(-1);
  const areas: number[] = [];
  const stack = new Int32Array(on.length);
  for (let start = 0; start < on.length; start++) {
    if (!on[start] || labels[start] !== -1) continue;
    const id = areas.length;
    let area = 0;
    let top = 0;
    const visit = (n: number) => {
      if (on[n] && labels[n] === -1) {
        labels[n] = id;
        stack[top++] = n;
      }
    };
    visit(start);
    while (top > 0) {
      const i = stack[--top]!;
      area++;
      const x = i % width;
      if (x > 0) visit(i - 1);
      if (x < width - 1) visit(i + 1);
      if (i >= width) visit(i - width);
      if (i + width < on.length) visit(i + width);
    }
    areas.push(area);
  }
  return { labels, areas };
}

/** The pixels of a `size`² photo's outermost ring, each once. */
export function borderIndices(size: number): number[] {
  const out: number[] = [];
  for (let x = 0; x < size; x++) out.push(x, (size - 1) * size + x);
  for (let y = 1; y < size - 1; y++) out.push(y * size, y * size + size - 1);
  return out;
}

/** The sides of the photo a part touches, as bits. */
export const SIDE = { top: 1, bottom: 2, left: 4, right: 8 } as const;

/**
 * For each of `count` parts (labels per pixel, −1 for none), the sides of the photo's border it
 * reaches (`SIDE` bits; 0 when it reaches none).
 */
export function partsAtBorder(labels: Int32Array, count: number, size: number): Uint8Array {
  const atBorder = new Uint8Array(count);
  const mark = (i: number, side: number) => {
    const part = labels[i]!;
    if (part >= 0) atBorder[part]! |= side;
  };
  for (let k = 0; k < size; k++) {
    mark(k, SIDE.top);
    mark((size - 1) * size + k, SIDE.bottom);
    mark(k * size, SIDE.left);
    mark(k * size + size - 1, SIDE.right);
  }
  return atBorder;
}

/**
 * Chamfer distance (3 per straight step, 4 per diagonal: about 3× the Euclidean distance) from
 * every pixel to the nearest pixel where `on` is 0.
 */
export function chamferToOff(on: Uint8Array, size: number): Int32Array {
  const far = 1 << 29;
  const d = new Int32Array(on.length);
  for (let i = 0; i < on.length; i++) d[i] = on[i] ? far : 0;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const i = y * size + x;
      let v = d[i]!;
      if (v === 0) continue;
      if (x > 0) v = Math.min(v, d[i - 1]! + 3);
      if (y > 0) {
        v = Math.min(v, d[i - size]! + 3);
        if (x > 0) v = Math.min(v, d[i - size - 1]! + 4);
        if (x < size - 1) v = Math.min(v, d[i - size + 1]! + 4);
      }
      d[i] = v;
    }
  }
  for (let y = size - 1; y >= 0; y--) {
    for (let x = size - 1; x >= 0; x--) {
      const i = y * size + x;
      let v = d[i]!;
      if (v === 0) continue;
      if (x < size - 1) v = Math.min(v, d[i + 1]! + 3);
      if (y < size - 1) {
        v = Math.min(v, d[i + size]! + 3);
        if (x < size - 1) v = Math.min(v, d[i + size + 1]! + 4);
        if (x > 0) v = Math.min(v, d[i + size - 1]! + 4);
      }
      d[i] = v;
    }
  }
  return d;
}

/** The mask (0/1) opened with a disc of `radius` px: what a disc that stays inside can reach. */
export function openMask(inside: Uint8Array, size: number, radius: number): Uint8Array {
  const depth = chamferToOff(inside, size);
  // Centres a disc of `radius` fits around (off = 0 for the distance to them).
  const notCentre = new Uint8Array(inside.length);
  for (let i = 0; i < inside.length; i++) notCentre[i] = depth[i]! > 3 * radius ? 0 : 1;
  const reach = chamferToOff(notCentre, size);
  const opened = new Uint8Array(inside.length);
  for (let i = 0; i < inside.length; i++) opened[i] = inside[i] && reach[i]! <= 3 * radius + 1 ? 1 : 0;
  return opened;
}

/** The mask (0/1) closed with a disc of `radius` px: gaps and seams narrower than the disc filled. */
export function closeMask(on: Uint8Array, size: number, radius: number): Uint8Array {
  const off = new Uint8Array(on.length);
  for (let i = 0; i < on.length; i++) off[i] = on[i] ? 0 : 1;
  const toOn = chamferToOff(off, size);
  const grown = new Uint8Array(on.length);
  for (let i = 0; i < on.length; i++) grown[i] = toOn[i]! <= 3 * radius ? 1 : 0;
  const depth = chamferToOff(grown, size);
  const closed = new Uint8Array(on.length);
  for (let i = 0; i < on.length; i++) closed[i] = on[i] || depth[i]! > 3 * radius ? 1 : 0;
  return closed;
}

/**
 * Removed pieces split where they cross regions of one colour (colour-regions.ts): a lamp's stem
 * glued to a stripe and a blob behind it is judged apart from them. Pixels of small regions (edges,
 * noise) stay with their piece.
 */
export function splitByColour(pieces: Parts, regions: ColourRegions): Parts {
  const ids = new Map<number, number>();
  const labels = new Int32Array(pieces.labels.length).fill(-1);
  const areas: number[] = [];
  const count = pieces.areas.length;
  for (let i = 0; i < labels.length; i++) {
    const piece = pieces.labels[i]!;
    if (piece < 0) continue;
    const region = regions.labels[i]!;
    const key = regions.areas[region]! >= MIN_COLOUR_REGION_PX ? (region + 1) * count + piece : piece;
    let id = ids.get(key);
    if (id === undefined) {
      id = areas.length;
      ids.set(key, id);
      areas.push(0);
    }
    labels[i] = id;
    areas[id]!++;
  }
  return { labels, areas };
}

/** The pixels of a mask (0..255) above half, as 0/1, and how many there are. */
export function insideOf(mask: Uint8Array): { inside: Uint8Array; count: number } {
  const inside = new Uint8Array(mask.length);
  let count = 0;
  for (let i = 0; i < mask.length; i++) {
    if (mask[i]! > INSIDE) {
      inside[i] = 1;
      count++;
    }
  }
  return { inside, count };
}

/** The model's mask (0..255, `size`×`size`) cleaned as described above; `rgb` is the photo at that size. */
export function cleanMask(
  mask: Uint8Array,
  rgb: Uint8Array,
  size: number,
  regions: () => ColourRegions = regionsWhenNeeded(rgb, size),
): Uint8Array {
  const n = mask.length;
  const { inside, count } = insideOf(mask);
  if (count === 0) return mask;

  const kept = openMask(inside, size, Math.max(1, Math.round(size * OPEN_RADIUS_SHARE)));
  const removed = new Uint8Array(n);
  const backdrop = new Uint8Array(n);
  let removedCount = 0;
  for (let i = 0; i < n; i++) {
    if (!inside[i]) backdrop[i] = 1;
    else if (!kept[i]) {
      removed[i] = 1;
      removedCount++;
    }
  }
  const likelihood = removedCount > 0 ? productLikelihood(rgb, kept, backdrop) : null;
  if (likelihood) {
    const pieces = splitByColour(connectedParts(removed, size), regions());
    const pieceLikelihood = new Float64Array(pieces.areas.length);
    for (let i = 0; i < n; i++) {
      const piece = pieces.labels[i]!;
      if (piece >= 0) pieceLikelihood[piece]! += likelihood[colourBin(rgb, i)]!;
    }
    for (let i = 0; i < n; i++) {
      const piece = pieces.labels[i]!;
      if (piece >= 0 && pieceLikelihood[piece]! / pieces.areas[piece]! >= PRODUCT_LIKELIHOOD) kept[i] = 1;
    }
  } else if (removedCount > 0) {
    // Nothing survived the opening (a product made only of thin parts): leave it to step 2.
    kept.set(inside);
  }

  const parts = connectedParts(kept, size);
  let largest = 0;
  for (const area of parts.areas) largest = Math.max(largest, area);
  const outside = new Uint8Array(n).fill(1);
  for (let i = 0; i < n; i++) {
    const part = parts.labels[i]!;
    if (part >= 0 && parts.areas[part]! >= KEEP_PART_SHARE * largest) outside[i] = 0;
  }
  // The soft edge (below the threshold) is kept only next to what is kept, not around what was dropped.
  const away = chamferToOff(outside, size);
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) if (away[i]! <= 3 * SOFT_EDGE_PX) out[i] = mask[i]!;
  return out;
}

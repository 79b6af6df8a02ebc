import { connectedParts, partsAtBorder } from './mask-cleanup';

/**
 * Outlined products on a plain backdrop (a white mug drawn by its grey edge on a white sweep): the
 * areas inside the outline have the backdrop's own colour, so the model can leave out a part of
 * the product made only of them (a mug's handle: a band between two edges). Rays tell: from a
 * pixel of such an area to the photo's edge, an odd number of thin edges crossed means inside the
 * product (the even–odd rule of outlines). Each enclosed area takes the majority of rays from a
 * sample of its pixels in four directions, and an area found inside joins the product. An even
 * count is not acted on: the hole a handle encloses and the inside of a thin line printed on a
 * white product (a label's border) look alike, so the model keeps them as it gave them. An area
 * whose rays mostly cross something thick (a coloured product's body) is left to the model too.
 */

/** An edge crossed by a ray in at most this many pixels (at 1024²) is a thin outline. */
const THIN_EDGE_PX = 12;
/** Areas smaller than this (anti-aliasing, noise) are left as they are. */
const MIN_AREA_PX = 64;
/** Pixels of one area whose rays are cast. */
const SAMPLES = 24;
/**
 * Rays that cross something thick, or run along an edge, say nothing; an area with more of them
 * than this share is left to the model.
 */
const MAX_THICK_SHARE = 0.2;
/** A verdict needs this share of the other rays to agree. */
const AGREEMENT = 0.75;

/**
 * `mask` (0..255) with every enclosed area of the backdrop's colour (`isBackdrop` 1) that the
 * even–odd rule of the thin edges around it puts inside the product set to 255.
 */
export function insideOutlines(mask: Uint8Array, isBackdrop: Uint8Array, size: number): Uint8Array {
  const areas = connectedParts(isBackdrop, size);
  const thin = Math.max(2, Math.round((THIN_EDGE_PX * size) / 1024));
  const touchesBorder = partsAtBorder(areas.labels, areas.areas.length, size);
  // A few pixels of each enclosed area, spread over it (every n-th pixel in scan order).
  const seen = new Int32Array(areas.areas.length);
  const samples: number[][] = areas.areas.map(() => []);
  for (let i = 0; i < isBackdrop.length; i++) {
    const area = areas.labels[i]!;
    if (area < 0 || touchesBorder[area] || areas.areas[area]! < MIN_AREA_PX) continue;
    const step = Math.max(1, Math.floor(areas.areas[area]! / SAMPLES));
    if (seen[area]!++ % step === 0) samples[area]!.push(i);
  }
  const inside = new Uint8Array(areas.areas.length);
  for (let area = 0; area < samples.length; area++) {
    if (samples[area]!.length === 0) continue;
    let odd = 0;
    let rays = 0;
    let thick = 0;
    for (const start of samples[area]!) {
      for (const [dx, dy] of [
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
      ] as const) {
        const crossings = edgesCrossed(isBackdrop, size, start, dx, dy, thin);
        if (crossings < 0) thick++;
        else {
          rays++;
          odd += crossings & 1;
        }
      }
    }
    if (thick <= MAX_THICK_SHARE * (rays + thick) && odd >= AGREEMENT * rays) inside[area] = 1;
  }
  const out = new Uint8Array(mask);
  for (let i = 0; i < out.length; i++) {
    const area = areas.labels[i]!;
    if (area >= 0 && inside[area]) out[i] = 255;
  }
  return out;
}

/** Thin edges crossed from `start` to the photo's edge in one direction; −1 when a thick one is. */
function edgesCrossed(isBackdrop: Uint8Array, size: number, start: number, dx: number, dy: number, thin: number) {
  let x = start % size;
  let y = (start - x) / size;
  let crossings = 0;
  let run = 0;
  for (;;) {
    x += dx;
    y += dy;
    if (x < 0 || y < 0 || x >= size || y >= size) return run > 0 ? -1 : crossings;
    if (isBackdrop[y * size + x]) {
      if (run > 0) crossings++;
      run = 0;
    } else if (++run > thin) return -1;
  }
}

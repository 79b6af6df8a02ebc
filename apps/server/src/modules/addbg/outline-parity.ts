import { connectedParts } from './mask-cleanup';

/**
 * Outlined products on a plain backdrop (a white mug drawn by its grey edge on a white sweep): the
 * areas inside the outline have the backdrop's own colour, so neither the backdrop fill nor the
 * model can tell a mug's handle (inside, a band between two edges) from the hole it encloses
 * (outside again: inside two edges). Rays can: from a pixel of such an area to the photo's edge, an
 * odd number of thin edges crossed means inside the product, an even number outside (the even–odd
 * rule of outlines). Each enclosed area takes the majority of rays from a sample of its pixels in
 * four directions. An area whose rays mostly cross something thick (a coloured product's body) is
 * left to the model: there a hole and a white label look alike.
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
 * `mask` (0..255) with every enclosed area of the backdrop's colour (`isBackdrop` 1) set inside
 * (255) or outside (0) by the even–odd rule of the thin edges around it.
 */
export function insideOutlines(mask: Uint8Array, isBackdrop: Uint8Array, size: number): Uint8Array {
  const areas = connectedParts(isBackdrop, size);
  const thin = Math.max(2, Math.round((THIN_EDGE_PX * size) / 1024));
  const touchesBorder = new Uint8Array(areas.areas.length);
  for (let k = 0; k < size; k++) {
    for (const i of [k, (size - 1) * size + k, k * size, k * size + size - 1]) {
      const area = areas.labels[i]!;
      if (area >= 0) touchesBorder[area] = 1;
    }
  }
  // A few pixels of each enclosed area, spread over it (every n-th pixel in scan order).
  const seen = new Int32Array(areas.areas.length);
  const samples: number[][] = areas.areas.map(() => []);
  for (let i = 0; i < isBackdrop.length; i++) {
    const area = areas.labels[i]!;
    if (area < 0 || touchesBorder[area] || areas.areas[area]! < MIN_AREA_PX) continue;
    const step = Math.max(1, Math.floor(areas.areas[area]! / SAMPLES));
    if (seen[area]!++ % step === 0) samples[area]!.push(i);
  }
  const verdict = new Int8Array(areas.areas.length); // 1 inside, −1 outside, 0 left to the model
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
    if (thick > MAX_THICK_SHARE * (rays + thick)) continue;
    if (odd >= AGREEMENT * rays) verdict[area] = 1;
    else if (rays - odd >= AGREEMENT * rays) verdict[area] = -1;
  }
  const out = new Uint8Array(mask);
  for (let i = 0; i < out.length; i++) {
    const area = areas.labels[i]!;
    if (area >= 0 && verdict[area]) out[i] = verdict[area] > 0 ? 255 : 0;
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

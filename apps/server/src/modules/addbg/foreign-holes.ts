import { connectedParts, partsAtBorder } from './mask-cleanup';

/**
 * Holes in the product that show something other than the backdrop are product. ISNet can leave a
 * part of the product whose colour differs from the rest of it as a hole (a phone's screen inside
 * its frame, a can's label band). A real hole (a mug's handle, a bag's handle, between a chair's
 * legs) shows the backdrop, so its colours are the backdrop's around the product; a hole whose
 * colours the backdrop has not got is filled.
 */

/** Bits kept per channel (8³ bins): coarse, so that the backdrop seen through a hole, a little shaded or blended at its rim, still falls in its bins. */
const BITS = 3;
/** A bin is one of the backdrop's colours when it holds at least this share of the backdrop's pixels. */
const BACKDROP_BIN_SHARE = 0.0005;
/** A hole is filled when less than this share of its pixels has one of the backdrop's colours. */
const MAX_BACKDROP_SHARE = 0.25;
/** Holes smaller than this (in pixels at 1024²) are left to the clean-up. */
const MIN_HOLE_PX = 64;
const INSIDE = 127;
/** Alpha from which a pixel counts as fully opaque. */
const OPAQUE = 250;
/** How far a filled hole reaches into half-transparent pixels next to it (at 1024²). */
const SOFT_REACH_PX = 256;

const binOf = (rgb: Uint8Array, i: number) =>
  ((rgb[i * 3]! >> (8 - BITS)) << (2 * BITS)) |
  ((rgb[i * 3 + 1]! >> (8 - BITS)) << BITS) |
  (rgb[i * 3 + 2]! >> (8 - BITS));

/** The mask (0..255, `size`²) with its holes of foreign colour set to 255; `rgb` is the photo at that size. */
export function withForeignHolesFilled(mask: Uint8Array, rgb: Uint8Array, size: number): Uint8Array {
  const outside = new Uint8Array(mask.length);
  for (let i = 0; i < mask.length; i++) outside[i] = mask[i]! > INSIDE ? 0 : 1;
  const { labels, areas } = connectedParts(outside, size);
  // The backdrop is every part of the outside that reaches the border; the others are holes.
  const atBorder = partsAtBorder(labels, areas.length, size);
  const minHole = Math.max(4, Math.round((MIN_HOLE_PX * size * size) / (1024 * 1024)));
  if (!areas.some((area, part) => !atBorder[part] && area >= minHole)) return mask;

  const backdropBins = new Float64Array(1 << (3 * BITS));
  let backdropCount = 0;
  for (let i = 0; i < mask.length; i++) {
    if (labels[i]! >= 0 && atBorder[labels[i]!]) {
      backdropBins[binOf(rgb, i)]!++;
      backdropCount++;
    }
  }
  if (backdropCount === 0) return mask;
  const seenInBackdrop = backdropBins.map((count) => (count / backdropCount >= BACKDROP_BIN_SHARE ? 1 : 0));
  const backdropColoured = new Float64Array(areas.length);
  for (let i = 0; i < mask.length; i++) {
    const part = labels[i]!;
    if (part >= 0 && !atBorder[part] && seenInBackdrop[binOf(rgb, i)]) backdropColoured[part]!++;
  }
  const fill = areas.map(
    (area, part) => !atBorder[part] && area >= minHole && backdropColoured[part]! < MAX_BACKDROP_SHARE * area,
  );
  if (!fill.some(Boolean)) return mask;
  const out = new Uint8Array(mask);
  let front: number[] = [];
  for (let i = 0; i < mask.length; i++) {
    if (labels[i]! >= 0 && fill[labels[i]!]) {
      out[i] = 255;
      front.push(i);
    }
  }
  // A filled hole takes the half-transparent pixels next to it too (the model's soft answer on the
  // rest of a screen), through such pixels of colours the backdrop has not got, no further than
  // SOFT_REACH_PX.
  const reach = Math.max(1, Math.round((SOFT_REACH_PX * size) / 1024));
  for (let step = 0; step < reach && front.length > 0; step++) {
    const next: number[] = [];
    for (const i of front) {
      const x = i % size;
      for (const n of [x > 0 ? i - 1 : -1, x < size - 1 ? i + 1 : -1, i - size, i + size]) {
        if (n >= 0 && n < out.length && out[n]! > INSIDE && out[n]! < OPAQUE && !seenInBackdrop[binOf(rgb, n)]) {
          out[n] = 255;
          next.push(n);
        }
      }
    }
    front = next;
  }
  return out;
}

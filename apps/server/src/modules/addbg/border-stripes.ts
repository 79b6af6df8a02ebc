import { colourBin } from './colour-likelihood';
import type { ColourRegions } from './colour-regions';
import { connectedParts, insideOf, partsAtBorder, splitByColour, SIDE } from './mask-cleanup';

/**
 * Backdrop stripes glued to the product and running off the photo. On a backdrop of wide stripes
 * ISNet can take whole stripes as foreground; wider than the clean-up's opening, they stay, joined
 * to the product. A product photo rarely runs off its frame, and when it does the part at the
 * border has the product's colours. So the mask is split by colour regions; pieces that reach the
 * photo's border are judged against the rest of the mask (the product's core) and the backdrop,
 * and a piece whose colours are mostly the backdrop's and not the core's is dropped. When the
 * core is small beside the rest (stripes the model took for most of its mask), only pieces running
 * across the photo (reaching two of its sides) are judged: a product cut by the frame reaches one.
 */

/** A pixel's colour is the backdrop's when its share among the backdrop's pixels is this many times its share in the core. */
const BACKDROP_RATIO = 2;
/** A piece at the border is dropped when at least this share of its pixels has the backdrop's colours. */
const DROP_SHARE = 0.6;
/**
 * Nothing is judged when the core is less than this share of the mask (the product itself runs off
 * the frame); below the second share only pieces running across the photo are. On the generated
 * sets 0.2 left whole stripes in (a lamp on stripes 0.12 → 0.54, a chair 0.27 → 0.92 at 0.1); 0.05
 * for every piece dropped a glass mug cut by the frame (0.92 → 0.10).
 */
const MIN_CORE_SHARE = 0.05;
const CORE_SHARE_FOR_ALL = 0.1;

/** The mask (0..255, `size`²) without the pieces described above; `rgb` is the photo at that size. */
export function withoutBorderStripes(
  mask: Uint8Array,
  rgb: Uint8Array,
  size: number,
  regions: () => ColourRegions,
): Uint8Array {
  const { inside, count } = insideOf(mask);
  if (count === 0) return mask;
  const pieces = splitByColour(connectedParts(inside, size), regions());
  const atBorder = partsAtBorder(pieces.labels, pieces.areas.length, size);
  if (!atBorder.some(Boolean)) return mask;

  // The core: the largest piece away from the border (the product's body; other pieces away from
  // the border can be stripes that end behind the product).
  let coreId = -1;
  for (let piece = 0; piece < pieces.areas.length; piece++)
    if (!atBorder[piece] && (coreId < 0 || pieces.areas[piece]! > pieces.areas[coreId]!)) coreId = piece;
  if (coreId < 0 || pieces.areas[coreId]! < MIN_CORE_SHARE * count) return mask;
  const acrossOnly = pieces.areas[coreId]! < CORE_SHARE_FOR_ALL * count;
  const bins = new Float64Array(4096);
  const core = new Float64Array(4096);
  let backdropCount = 0;
  for (let i = 0; i < mask.length; i++) {
    const piece = pieces.labels[i]!;
    if (piece < 0) {
      bins[colourBin(rgb, i)]!++;
      backdropCount++;
    } else if (piece === coreId) core[colourBin(rgb, i)]!++;
  }
  if (backdropCount === 0) return mask;
  const coreCount = pieces.areas[coreId]!;
  const backdropLike = new Float64Array(pieces.areas.length);
  for (let i = 0; i < mask.length; i++) {
    const piece = pieces.labels[i]!;
    if (piece < 0 || piece === coreId) continue;
    const bin = colourBin(rgb, i);
    const inBackdrop = bins[bin]! / backdropCount;
    if (inBackdrop > 0 && inBackdrop > (BACKDROP_RATIO * core[bin]!) / coreCount) backdropLike[piece]!++;
  }
  const judged = pieces.areas.map((area, piece) => piece !== coreId && backdropLike[piece]! >= DROP_SHARE * area);
  // Dropped: backdrop-like pieces at the border, then backdrop-like pieces touching a dropped one
  // (the rest of a stripe, behind the product).
  const drop = pieces.areas.map(
    (_, piece) => judged[piece]! && atBorder[piece]! > 0 && (!acrossOnly || runsAcross(atBorder[piece]!)),
  );
  if (!drop.some(Boolean)) return mask;
  for (let changed = true; changed;) {
    changed = false;
    for (let i = 0; i < mask.length; i++) {
      const piece = pieces.labels[i]!;
      if (piece < 0 || !drop[piece]) continue;
      const x = i % size;
      for (const n of [x > 0 ? i - 1 : -1, x < size - 1 ? i + 1 : -1, i - size, i + size]) {
        const other = n >= 0 && n < mask.length ? pieces.labels[n]! : -1;
        if (other >= 0 && judged[other] && !drop[other]) {
          drop[other] = true;
          changed = true;
        }
      }
    }
  }
  const out = new Uint8Array(mask);
  for (let i = 0; i < mask.length; i++) if (pieces.labels[i]! >= 0 && drop[pieces.labels[i]!]) out[i] = 0;
  return out;
}

/** Whether the sides a piece reaches (`SIDE` bits) are two or more. */
function runsAcross(sides: number): boolean {
  return Object.values(SIDE).filter((side) => sides & side).length >= 2;
}

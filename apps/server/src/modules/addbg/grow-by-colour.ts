import { colourBin, productLikelihood } from './colour-likelihood';
import type { ColourRegions } from './colour-regions';
import { chamferToOff, insideOf } from './mask-cleanup';

/**
 * The last mask pass: parts of the product the model did not see at all, found by their colour.
 * On a busy backdrop ISNet can give a mug's handle or a lamp's stem and base the same output as
 * the backdrop (the handle of a glossy mug: 10⁻⁴ to 10⁻⁵, no higher than the stripes around it),
 * so nothing in the output can bring them back. Their colours can: they are the product's and
 * rarely the backdrop's. A region of one colour (colour-regions.ts) joins the product when it lies
 * within a few pixels of it and, on average, its colours are at least 80% "product" by the colour
 * histograms of the mask and of the rest of the photo; regions that joined let their neighbours
 * join in turn, so a gradient split into many strips grows across. A region the mask holds only
 * part of (a headphone band the model lost halfway) is judged by its part outside the mask and
 * joins whole. The model's output is not consulted: on these parts it says nothing.
 */

/**
 * Regions smaller than this (anti-aliased edges, noise) never join on their own. Not larger: a
 * glossy gradient splits a mug's curved handle into strips of about 50 px, and at 64 they broke the
 * chain (five glossy mugs of the generated sets 0.90–0.92 → 0.95–0.98, nothing else moved by more
 * than 0.008).
 */
const MIN_REGION_PX = 16;
/** A region joins when its colours are on average at least this much "product" (0..1). */
const JOIN_LIKELIHOOD = 0.8;
/** How near the product a region must come, in pixels: an anti-aliased seam does not part them. */
const NEAR_PX = 3;
/** A region whose part outside the mask is larger than this share of the mask is backdrop, whatever its colour. */
const MAX_REGION_SHARE = 0.5;
/** Rounds of growth (each lets the neighbours of what joined join). */
const MAX_ROUNDS = 50;

/** The mask (0..255, `size`²) with the regions described above set to 255; `rgb` is the photo at that size. */
export function growByColour(
  mask: Uint8Array,
  rgb: Uint8Array,
  size: number,
  regions: () => ColourRegions,
): Uint8Array {
  const n = mask.length;
  const { inside, count: insideCount } = insideOf(mask);
  const outside = inside.map((v) => 1 - v);
  const likelihood = productLikelihood(rgb, inside, outside);
  if (!likelihood) return mask;
  const { labels, areas } = regions();
  const likelihoodSum = new Float64Array(areas.length);
  const insideArea = new Float64Array(areas.length);
  for (let i = 0; i < n; i++) {
    const region = labels[i]!;
    if (inside[i]) insideArea[region]!++;
    else likelihoodSum[region]! += likelihood[colourBin(rgb, i)]!;
  }
  const candidate = new Uint8Array(areas.length);
  let candidates = 0;
  for (let r = 0; r < areas.length; r++) {
    const area = areas[r]!;
    const outsideArea = area - insideArea[r]!;
    if (outsideArea < MIN_REGION_PX || outsideArea > MAX_REGION_SHARE * insideCount) continue;
    if (likelihoodSum[r]! / outsideArea >= JOIN_LIKELIHOOD) {
      candidate[r] = 1;
      candidates++;
    }
  }
  if (candidates === 0) return mask;

  const joined = new Uint8Array(areas.length);
  let grown = false;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    // Chamfer distance to the product: 3 per pixel step.
    const distance = chamferToOff(outside, size);
    let changed = false;
    for (let i = 0; i < n; i++) {
      const region = labels[i]!;
      if (candidate[region] && !joined[region] && distance[i]! <= 3 * NEAR_PX) {
        joined[region] = 1;
        changed = true;
      }
    }
    if (!changed) break;
    grown = true;
    for (let i = 0; i < n; i++) if (joined[labels[i]!]) outside[i] = 0;
  }
  if (!grown) return mask;
  const out = new Uint8Array(mask);
  for (let i = 0; i < n; i++) if (joined[labels[i]!]) out[i] = 255;
  return out;
}

import { regionsWhenNeeded, type ColourRegions } from './colour-regions';

/**
 * A second reading of the model's output for when it was unsure. On a busy backdrop ISNet sometimes
 * gives the product only a faint answer (a matte lamp on saturated stripes: about 0.1 on the lamp,
 * 0.005 on the backdrop, 0.8 on one stray blob), so the stretched mask keeps only the blob. In the
 * log domain the faint answer still outlines the product. Here the photo is split into regions of
 * nearly one colour, each region takes the mean log of the model's output over its pixels, and the
 * regions above a threshold found from those means are the product.
 *
 * Used only when the model was unsure (`modelWasUnsure`) and the backdrop is not plain: on a
 * confident answer snapping to colour regions loses more (a glossy highlight split off) than it wins.
 */

/** A mask pixel counts as confident above this model output. */
export const CONFIDENT_OUTPUT = 0.9;
/** The model was unsure when less than this share of its mask is confident. */
const UNSURE_SHARE = 0.35;
/** Regions smaller than this (edges, noise) keep the stretched mask's value. */
const MIN_REGION_PX = 64;
/** Log10 of the output is read between this floor and 0, in this many bins. */
const LOG_FLOOR = -5;
const BINS = 100;
const INSIDE = 127;
/** Half a decade of model output, in bins. */
const MIN_CONTRAST_BINS = (0.5 / -LOG_FLOOR) * BINS;

/** How many pixels the mask (0..255) has, and what share of them the model's output is confident of. */
export function confidenceOf(mask: Uint8Array, output: Float32Array): { inside: number; confidentShare: number } {
  let inside = 0;
  let confident = 0;
  for (let i = 0; i < mask.length; i++) {
    if (mask[i]! > INSIDE) {
      inside++;
      if (output[i]! > CONFIDENT_OUTPUT) confident++;
    }
  }
  return { inside, confidentShare: inside === 0 ? 0 : confident / inside };
}

/** Whether less than 35% of the mask (0..255) sits where the model's output is confident. */
export function modelWasUnsure(mask: Uint8Array, output: Float32Array): boolean {
  return confidenceOf(mask, output).confidentShare < UNSURE_SHARE;
}

/**
 * Otsu's split of `hist` restricted to bins `from`…end: the last bin of the lower class (or
 * `from − 1` when nothing splits it).
 */
export function otsuSplit(hist: Float64Array, from = 0): number {
  let total = 0;
  let weighted = 0;
  for (let b = from; b < hist.length; b++) {
    total += hist[b]!;
    weighted += b * hist[b]!;
  }
  let lowWeight = 0;
  let lowWeighted = 0;
  let best = -1;
  let split = from - 1;
  for (let b = from; b < hist.length; b++) {
    lowWeight += hist[b]!;
    lowWeighted += b * hist[b]!;
    if (lowWeight === 0 || lowWeight === total) continue;
    const between =
      lowWeight * (total - lowWeight) * (lowWeighted / lowWeight - (weighted - lowWeighted) / (total - lowWeight)) ** 2;
    if (between > best) {
      best = between;
      split = b;
    }
  }
  return split;
}

/**
 * The product mask (0..255) read from a faint output: regions of one colour whose mean log output
 * is above the threshold are 255, the rest 0; small regions keep `stretched` (the min–max mask).
 * The threshold is Otsu's split taken twice over the regions' means (area weighted): the first
 * split separates the backdrop at large from everything the model saw at all, the second, within
 * that upper class, the product from the backdrop structures the model half saw.
 */
export function faintProductMask(
  output: Float32Array,
  stretched: Uint8Array,
  rgb: Uint8Array,
  size: number,
  regions: () => ColourRegions = regionsWhenNeeded(rgb, size),
) {
  const { labels, areas } = regions();
  const logSum = new Float64Array(areas.length);
  const floor = 10 ** LOG_FLOOR;
  for (let i = 0; i < output.length; i++) logSum[labels[i]!]! += Math.log10(Math.max(output[i]!, floor));
  // Each region's mean log output as a bin; −1 for regions too small to judge.
  const regionBin = new Int32Array(areas.length);
  const hist = new Float64Array(BINS);
  for (let r = 0; r < areas.length; r++) {
    if (areas[r]! < MIN_REGION_PX) {
      regionBin[r] = -1;
      continue;
    }
    const mean = logSum[r]! / areas[r]!;
    regionBin[r] = Math.min(BINS - 1, Math.max(0, Math.floor(((mean - LOG_FLOOR) / -LOG_FLOOR) * BINS)));
    hist[regionBin[r]!]! += areas[r]!;
  }
  const first = otsuSplit(hist);
  // One level everywhere (a model that saw nothing at all): nothing to read again.
  if (first < 0) return stretched;
  const split = Math.max(first, otsuSplit(hist, first + 1));
  // What is kept must stand out from the rest by half a decade, or the split is only noise.
  let keptArea = 0;
  let keptSum = 0;
  let restArea = 0;
  let restSum = 0;
  for (let b = 0; b < BINS; b++) {
    if (b > split) {
      keptArea += hist[b]!;
      keptSum += b * hist[b]!;
    } else {
      restArea += hist[b]!;
      restSum += b * hist[b]!;
    }
  }
  if (keptArea === 0 || restArea === 0 || keptSum / keptArea - restSum / restArea < MIN_CONTRAST_BINS) return stretched;
  const mask = new Uint8Array(output.length);
  for (let i = 0; i < mask.length; i++) {
    const b = regionBin[labels[i]!]!;
    mask[i] = b < 0 ? stretched[i]! : b > split ? 255 : 0;
  }
  return mask;
}

import { regionsWhenNeeded, type ColourRegions } from './colour-regions';
import { withoutBorderStripes } from './border-stripes';
import { CONFIDENT_OUTPUT, confidenceOf, faintProductMask, modelWasUnsure } from './faint-mask';
import { withForeignHolesFilled } from './foreign-holes';
import { growByColour } from './grow-by-colour';
import { cleanMask } from './mask-cleanup';
import { insideOutlines } from './outline-parity';
import { plainBackdrop, withPlainBackdrop } from './plain-backdrop';
import { seeThroughProduct, type ProductCut } from './see-through';

/** The model's output stretched to 0..255 between its minimum and maximum, as DIS's inference does. */
export function stretchOutput(output: Float32Array): Uint8Array {
  let min = Infinity;
  let max = -Infinity;
  for (const v of output) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const range = max - min || 1;
  const mask = new Uint8Array(output.length);
  for (let i = 0; i < output.length; i++) mask[i] = Math.round(((output[i]! - min) / range) * 255);
  return mask;
}

/**
 * The product mask (0..255, `size`²) from the model's output and the photo at the model's size:
 * the stretched output, overruled by the backdrop fill on a plain backdrop where the model missed
 * the product, then cleaned of glued stripes and stray blobs. On a busy backdrop where the model
 * was unsure, its faint output is read again by colour regions (`faint-mask.ts`) and cleaned alike
 * (unless that reading drops most of what the model was sure of: `secondReading`);
 * on a busy backdrop, parts next to the product in its colours that the model did not see at all
 * (a mug's handle) join it (`grow-by-colour.ts`), and a see-through product the model did not see
 * is found by the tint it gives the backdrop behind it (`see-through.ts`). Before the growth,
 * backdrop stripes glued to the product and running off the photo are dropped (`border-stripes.ts`).
 * On a plain backdrop, areas of the backdrop's colour inside an outline are judged by the edges
 * around them (`outline-parity.ts`). Last, holes in an opaque product that show colours the
 * backdrop has not got are filled (`foreign-holes.ts`: a phone's screen). Only a see-through
 * product comes with a look of its own (`Glass`).
 */
export function productMask(output: Float32Array, rgb: Uint8Array, size: number): ProductCut {
  const stretched = stretchOutput(output);
  const plain = plainBackdrop(rgb, size);
  const regions = regionsWhenNeeded(rgb, size);
  const chosen = plain ? withPlainBackdrop(stretched, plain.mask, size) : stretched;
  // When the fill overruled the model its answer is the product's outline, not the model's glued
  // stripes: the clean-up's opening would only take the thin parts whose inside has the backdrop's
  // colour (a white lamp's pole: 0.89 → 0.96 on four generated photos).
  const fillOverruled = chosen !== stretched;
  const mask = fillOverruled ? chosen : cleanMask(chosen, rgb, size, regions);
  const opaque = (product: Uint8Array): ProductCut => ({
    mask: withForeignHolesFilled(product, rgb, size),
    glass: null,
  });
  if (plain) return opaque(insideOutlines(mask, plain.coloured, size));
  const read = modelWasUnsure(mask, output) ? secondReading(output, stretched, rgb, size, regions) : mask;
  const grown = growByColour(withoutBorderStripes(read, rgb, size, regions), rgb, size, regions);
  if (modelWasSure(grown, output)) return opaque(grown);
  const cut = seeThroughProduct(grown, rgb, size, regions);
  if (!cut.glass) return opaque(cut.mask);
  return modelOverrulesGlass(grown, cut.mask, output) ? opaque(grown) : cut;
}

/**
 * The faint reading of an unsure answer (`faint-mask.ts`), cleaned; but when that reading drops
 * most of what the model was confident of, and that is product-sized (at least 1% of the photo),
 * the confident part is the product: a white headphone on a white-grey sweep, whose colour regions
 * run into the backdrop's, kept 323 of 52,711 confident pixels (IoU 0.005 → 0.84). The faint
 * answers the reading is for have next to nothing confident (a stray blob at most).
 */
function secondReading(
  output: Float32Array,
  stretched: Uint8Array,
  rgb: Uint8Array,
  size: number,
  regions: () => ColourRegions,
): Uint8Array {
  const read = cleanMask(faintProductMask(output, stretched, rgb, size, regions), rgb, size, regions);
  const confident = new Uint8Array(output.length);
  let count = 0;
  let kept = 0;
  for (let i = 0; i < output.length; i++) {
    if (output[i]! > CONFIDENT_OUTPUT) {
      confident[i] = 255;
      count++;
      if (read[i]! > 127) kept++;
    }
  }
  if (count < CONFIDENT_PRODUCT_SHARE * output.length || kept >= KEPT_CONFIDENT_SHARE * count) return read;
  return cleanMask(confident, rgb, size, regions);
}

/** See `secondReading`. */
const CONFIDENT_PRODUCT_SHARE = 0.01;
const KEPT_CONFIDENT_SHARE = 0.25;

/**
 * A product-sized mask the model is mostly confident of, which the see-through answer would mostly
 * replace: the model saw an opaque product (a dark watch face on a dark vignette, read as a tint:
 * 0.21 → 1.00). A confident speck does not count: a confetti piece (0.7% of the photo) kept a
 * glass bottle the pass had found (0.993) at 0.000.
 */
export function modelOverrulesGlass(mask: Uint8Array, glassMask: Uint8Array, output: Float32Array): boolean {
  const { inside, confidentShare } = confidenceOf(mask, output);
  return (
    inside >= PRODUCT_SIZED * mask.length &&
    confidentShare >= MOSTLY_CONFIDENT &&
    agreement(mask, glassMask) < DISAGREEING_IOU
  );
}

/** The model is mostly confident of a mask when its output is above 0.9 on this share of it. */
const MOSTLY_CONFIDENT = 0.8;
/** The see-through answer replaces such a mask only when they overlap at least this much (IoU). */
const DISAGREEING_IOU = 0.5;

/** Intersection over union of two masks (0..255, above half). */
function agreement(a: Uint8Array, b: Uint8Array): number {
  let both = 0;
  let either = 0;
  for (let i = 0; i < a.length; i++) {
    const inA = a[i]! > 127;
    const inB = b[i]! > 127;
    if (inA && inB) both++;
    if (inA || inB) either++;
  }
  return either ? both / either : 0;
}

/**
 * A product-sized mask (at least 3% of the photo) the model is confident of nearly everywhere
 * (output > 0.9 on 95% of it): the see-through pass is not asked to overrule it (on the generated
 * sets that kept one glass sneaker at 0.93 instead of 0.86 and cost a glass lamp 0.97 → 0.93; on a real
 * photo it keeps a large opaque thing behind the product from being taken for it). 3%, not 5%:
 * thin products such as headphones on wood cover less than 5% (0.60 → 1.00).
 */
function modelWasSure(mask: Uint8Array, output: Float32Array): boolean {
  const { inside, confidentShare } = confidenceOf(mask, output);
  return inside >= PRODUCT_SIZED * mask.length && confidentShare >= 0.95;
}

/** A mask of at least this share of the photo is product-sized (see `modelWasSure`). */
const PRODUCT_SIZED = 0.03;

import { regionsWhenNeeded } from './colour-regions';
import { withoutBorderStripes } from './border-stripes';
import { confidenceOf, faintProductMask, modelWasUnsure } from './faint-mask';
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
 * was unsure, its faint output is read again by colour regions (`faint-mask.ts`) and cleaned alike;
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
  const mask = cleanMask(plain ? withPlainBackdrop(stretched, plain.mask, size) : stretched, rgb, size, regions);
  const opaque = (product: Uint8Array): ProductCut => ({
    mask: withForeignHolesFilled(product, rgb, size),
    glass: null,
  });
  if (plain) return opaque(insideOutlines(mask, plain.coloured, size));
  const read = modelWasUnsure(mask, output)
    ? cleanMask(faintProductMask(output, stretched, rgb, size, regions), rgb, size, regions)
    : mask;
  const grown = growByColour(withoutBorderStripes(read, rgb, size, regions), rgb, size, regions);
  if (modelWasSure(grown, output)) return opaque(grown);
  const cut = seeThroughProduct(grown, rgb, size, regions);
  return cut.glass ? cut : opaque(cut.mask);
}

/**
 * A product-sized mask (at least 5% of the photo) the model is confident of nearly everywhere
 * (output > 0.9 on 95% of it): the see-through pass is not asked to overrule it (on the generated
 * sets that kept one glass sneaker at 0.93 instead of 0.86 and cost a glass lamp 0.97 → 0.93; on a real
 * photo it keeps a large opaque thing behind the product from being taken for it).
 */
function modelWasSure(mask: Uint8Array, output: Float32Array): boolean {
  const { inside, confidentShare } = confidenceOf(mask, output);
  return inside >= 0.05 * mask.length && confidentShare >= 0.95;
}

/**
 * How much a colour looks like the product rather than the backdrop, from colour histograms of
 * the pixels taken as each: the mask clean-up judges removed pieces by it, the growth pass the
 * regions next to the product.
 */

/** Bits kept per channel (16³ bins): coarse enough that a product's shading falls in few bins. */
const COLOUR_BITS = 4;
const SHIFT = 8 - COLOUR_BITS;

/** The histogram bin of pixel `i` of an RGB photo. */
export function colourBin(rgb: Uint8Array, i: number): number {
  return (
    ((rgb[i * 3]! >> SHIFT) << (2 * COLOUR_BITS)) |
    ((rgb[i * 3 + 1]! >> SHIFT) << COLOUR_BITS) |
    (rgb[i * 3 + 2]! >> SHIFT)
  );
}

/**
 * Per bin, p / (p + b): p the bin's share of the product's pixels (`product[i]` set), b its share
 * of the backdrop's (`backdrop[i]` set); 0 for a colour neither has. Null when there is no product.
 */
export function productLikelihood(rgb: Uint8Array, product: Uint8Array, backdrop: Uint8Array): Float64Array | null {
  const bins = 1 << (3 * COLOUR_BITS);
  const inProduct = new Float64Array(bins);
  const inBackdrop = new Float64Array(bins);
  let productCount = 0;
  let backdropCount = 0;
  for (let i = 0; i < product.length; i++) {
    if (product[i]) {
      inProduct[colourBin(rgb, i)]!++;
      productCount++;
    } else if (backdrop[i]) {
      inBackdrop[colourBin(rgb, i)]!++;
      backdropCount++;
    }
  }
  if (productCount === 0) return null;
  const likelihood = new Float64Array(bins);
  for (let bin = 0; bin < bins; bin++) {
    const p = inProduct[bin]! / productCount;
    const b = backdropCount > 0 ? inBackdrop[bin]! / backdropCount : 0;
    likelihood[bin] = p + b > 0 ? p / (p + b) : 0;
  }
  return likelihood;
}

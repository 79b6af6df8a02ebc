import { describe, expect, it } from 'vitest';
import { withoutBorderStripes } from '../../src/modules/addbg/border-stripes';
import { colourRegions } from '../../src/modules/addbg/colour-regions';

// 256² photo on vertical stripes of four colours, 32 px wide. A white product (100×80) in the
// middle, and what a model gives on such a backdrop: the product plus two whole stripes, one glued
// to its left side and one running behind it, from the top edge to the bottom edge.
const size = 256;
const stripes = [
  [40, 170, 60],
  [230, 200, 90],
  [150, 40, 160],
  [70, 110, 220],
];
/**
 * The striped photo with a white product (columns x0…x1, rows y0…y1) and the model's mask: the
 * product and the stripes numbered in `taken`, from the top edge down to row `reach`.
 */
function scene(product: { x0: number; x1: number; y0: number; y1: number }, taken: number[], reach = size) {
  const rgb = new Uint8Array(size * size * 3);
  const mask = new Uint8Array(size * size);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const stripe = x >> 5;
      rgb.set(stripes[stripe % 4]!, (y * size + x) * 3);
      if (y < reach && taken.includes(stripe)) mask[y * size + x] = 255;
    }
  for (let y = product.y0; y < product.y1; y++)
    for (let x = product.x0; x < product.x1; x++) {
      rgb.set([245, 245, 242], (y * size + x) * 3);
      mask[y * size + x] = 255;
    }
  return { rgb, mask, regions: () => colourRegions(rgb, size) };
}
/** Stripes 2 and 4 (x 64–95 and 128–159) taken with a 100×80 product, which may run off the bottom. */
const photo = (productRunsOff = false) => scene({ x0: 96, x1: 196, y0: 90, y1: productRunsOff ? size : 170 }, [2, 4]);
const at = (m: Uint8Array, x: number, y: number) => m[y * size + x]!;

describe('stripes glued to the product and running off the photo', () => {
  it('drops them and keeps the product', () => {
    const { rgb, mask, regions } = photo();
    const out = withoutBorderStripes(mask, rgb, size, regions);
    expect(at(out, 150, 130)).toBe(255); // the product
    expect(at(out, 80, 20)).toBe(0); // the glued stripe
    expect(at(out, 140, 20)).toBe(0); // the stripe behind the product, above it
    expect(at(out, 140, 220)).toBe(0); // and below it
  });

  it('keeps a product that runs off the photo', () => {
    const { rgb, mask, regions } = photo(true);
    const out = withoutBorderStripes(mask, rgb, size, regions);
    expect(at(out, 150, 250)).toBe(255); // the product at the bottom edge
    expect(at(out, 150, 130)).toBe(255);
  });
});

describe('stripes that are most of the mask', () => {
  // A narrow product (30×70, in the gap of stripe 3) and three whole stripes the model took
  // (stripes 1, 4 and 6, each with a twin in the backdrop); the product is under a tenth of the
  // mask. `reach` is where the stripes end.
  const mostlyStripes = (reach: number) => scene({ x0: 97, x1: 127, y0: 100, y1: 170 }, [1, 4, 6], reach);

  it('drops those running across the photo', () => {
    const { rgb, mask, regions } = mostlyStripes(size);
    const out = withoutBorderStripes(mask, rgb, size, regions);
    expect(at(out, 110, 130)).toBe(255);
    for (const x of [40, 140, 200]) expect(at(out, x, 20), `stripe at x ${x}`).toBe(0);
  });

  it('keeps pieces that reach only one side: a product cut by the frame looks alike', () => {
    const { rgb, mask, regions } = mostlyStripes(200);
    const out = withoutBorderStripes(mask, rgb, size, regions);
    expect(at(out, 110, 130)).toBe(255);
    for (const x of [40, 140, 200]) expect(at(out, x, 20), `piece at x ${x}`).toBe(255);
  });
});

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
function photo(productRunsOff = false) {
  const rgb = new Uint8Array(size * size * 3);
  const mask = new Uint8Array(size * size);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const stripe = x >> 5;
      rgb.set(stripes[stripe % 4]!, (y * size + x) * 3);
      if (stripe === 2 || stripe === 4) mask[y * size + x] = 255; // x 64–95 and 128–159
    }
  const bottom = productRunsOff ? size : 170;
  for (let y = 90; y < bottom; y++)
    for (let x = 96; x < 196; x++) {
      rgb.set([245, 245, 242], (y * size + x) * 3);
      mask[y * size + x] = 255;
    }
  return { rgb, mask, regions: () => colourRegions(rgb, size) };
}
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
  function mostlyStripes(reach: number) {
    const rgb = new Uint8Array(size * size * 3);
    const mask = new Uint8Array(size * size);
    for (let y = 0; y < size; y++)
      for (let x = 0; x < size; x++) {
        const stripe = x >> 5;
        rgb.set(stripes[stripe % 4]!, (y * size + x) * 3);
        if (y < reach && (stripe === 1 || stripe === 4 || stripe === 6)) mask[y * size + x] = 255;
      }
    for (let y = 100; y < 170; y++)
      for (let x = 97; x < 127; x++) {
        rgb.set([245, 245, 242], (y * size + x) * 3);
        mask[y * size + x] = 255;
      }
    return { rgb, mask, regions: () => colourRegions(rgb, size) };
  }

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

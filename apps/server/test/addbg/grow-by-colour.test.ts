import { describe, expect, it } from 'vitest';
import { colourRegions } from '../../src/modules/addbg/colour-regions';
import { growByColour } from '../../src/modules/addbg/grow-by-colour';

// 256² photo on stripes of four colours (16 px each) with a blue mug: a 90×120 body with a
// blue-to-white gradient across it, and a handle to its right of the same gradient, 40 px wide,
// joined to the body by a 2 px anti-aliased seam. The mask is what the model gives when it misses
// the handle: the body only. Further away, a patch painted like the handle (product colours that
// do not touch the product); a stripe touches the body's left side.
const size = 256;
const rgb = new Uint8Array(size * size * 3);
const paint = (x0: number, y0: number, w: number, h: number, colour: (x: number) => number[]) => {
  for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) rgb.set(colour(x - x0), (y * size + x) * 3);
};
const stripes = [
  [40, 170, 60],
  [230, 220, 90],
  [150, 40, 160],
  [200, 90, 70],
];
for (let x = 0; x < size; x += 16) paint(x, 0, 16, size, () => stripes[(x / 16) % stripes.length]!);
/** Blue at the left of a part, white at its right. */
const gradient = (width: number) => (x: number) => {
  const t = x / (width - 1);
  return [Math.round(30 + 225 * t), Math.round(80 + 175 * t), 220 + Math.round(35 * t)];
};
const body = { x: 64, y: 70, w: 90, h: 120 };
paint(body.x, body.y, body.w, body.h, gradient(body.w));
paint(body.x + body.w, 100, 2, 60, () => [120, 120, 120]); // the seam
paint(body.x + body.w + 2, 100, 40, 60, gradient(40)); // the handle
paint(200, 10, 40, 50, gradient(40)); // painted like the handle, away from the mug

const mask = new Uint8Array(size * size);
for (let y = body.y; y < body.y + body.h; y++) for (let x = body.x; x < body.x + body.w; x++) mask[y * size + x] = 255;
const regions = () => colourRegions(rgb, size);
const at = (m: Uint8Array, x: number, y: number) => m[y * size + x]!;

describe('growing the product by colour', () => {
  it('brings back a part the model missed, across a seam, coloured like the product', () => {
    const grown = growByColour(mask, rgb, size, regions);
    for (const x of [body.x + body.w + 3, body.x + body.w + 22, body.x + body.w + 41])
      expect(at(grown, x, 130)).toBe(255);
    expect(at(grown, 100, 100)).toBe(255); // the body stays
  });

  it('leaves the backdrop: a stripe touching the product, the product colour far away', () => {
    const grown = growByColour(mask, rgb, size, regions);
    expect(at(grown, body.x - 4, 130)).toBe(0); // the stripe left of the body
    for (const x of [201, 220, 239]) expect(at(grown, x, 35)).toBe(0); // the patch away from it
    let added = 0;
    for (let i = 0; i < grown.length; i++) if (grown[i] !== mask[i]) added++;
    // The handle (40×60) and its seam at most, nothing of the stripes.
    expect(added).toBeLessThanOrEqual(42 * 60);
  });

  it('changes nothing without a product, or when no region qualifies', () => {
    const empty = new Uint8Array(size * size);
    expect(growByColour(empty, rgb, size, regions)).toBe(empty);
    const whole = new Uint8Array(size * size).fill(255);
    expect(growByColour(whole, rgb, size, regions)).toBe(whole);
  });

  it('brings back the rest of a region the model saw only part of (a headphone band it lost halfway)', () => {
    // A flat white band, 120×24, below the body; the model has the body and the band's left 70 px only.
    const photo = new Uint8Array(rgb);
    const band = { x: 100, y: 200, w: 120, h: 24 };
    const partial = new Uint8Array(mask);
    for (let y = band.y; y < band.y + band.h; y++)
      for (let x = band.x; x < band.x + band.w; x++) {
        photo.set([246, 246, 244], (y * size + x) * 3);
        if (x < band.x + 70) partial[y * size + x] = 255;
      }
    const grown = growByColour(partial, photo, size, () => colourRegions(photo, size));
    expect(at(grown, band.x + 110, band.y + 12)).toBe(255);
    expect(at(grown, band.x + 60, band.y + 12)).toBe(255);
    expect(at(grown, band.x - 10, band.y + 12)).toBe(0); // the stripes around it stay out
  });

  it('joins a part whose gradient splits it into regions of a few dozen pixels (the curved handle of a glossy mug)', () => {
    // A 30×60 handle left of the body, blue to white: each column differs from the next by more
    // than a region's step, so each is a region of 60 px.
    const photo = new Uint8Array(rgb);
    for (let y = 100; y < 160; y++)
      for (let x = 0; x < 30; x++) photo.set(gradient(30)(x), (y * size + body.x - 30 + x) * 3);
    const grown = growByColour(mask, photo, size, () => colourRegions(photo, size));
    for (const x of [body.x - 1, body.x - 15, body.x - 25]) expect(at(grown, x, 130), `x ${x}`).toBe(255);
    expect(at(grown, body.x - 34, 130)).toBe(0); // the stripe beyond it
  });
});

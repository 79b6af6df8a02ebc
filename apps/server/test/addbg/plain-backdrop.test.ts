import { describe, expect, it } from 'vitest';
import { plainBackdrop, withPlainBackdrop } from '../../src/modules/addbg/plain-backdrop';

// 256² photo on a light grey backdrop: a blue table (a top and two legs) standing in its soft
// shadow, which joins the legs' feet and so closes the space between the legs; confetti specks
// around it.
const size = 256;
const backdrop = [228, 226, 222];
function tablePhoto(): { rgb: Uint8Array; table: Uint8Array } {
  const rgb = new Uint8Array(size * size * 3);
  const table = new Uint8Array(size * size);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      // The shadow: an ellipse under the feet, darkening the backdrop by up to 30%, fading out over
      // about 15 px above and below.
      const d = Math.hypot((x - 128) / 80, (y - 200) / 24);
      const dark = 0.3 * Math.exp(-2 * Math.max(0, d - 0.5) ** 2);
      rgb.set(
        backdrop.map((c) => Math.round(c * (1 - dark))),
        (y * size + x) * 3,
      );
    }
  const part = (x0: number, y0: number, w: number, h: number) => {
    for (let y = y0; y < y0 + h; y++)
      for (let x = x0; x < x0 + w; x++) {
        rgb.set([40, 70, 190], (y * size + x) * 3);
        table[y * size + x] = 1;
      }
  };
  part(60, 80, 136, 16); // the top
  part(64, 96, 10, 104); // the legs, down to the shadow's middle
  part(182, 96, 10, 104);
  for (let k = 0; k < 12; k++) part(10 + k * 20, k % 2 ? 20 : 236, 6, 3); // specks
  return { rgb, table };
}
const at = (m: Uint8Array, x: number, y: number) => m[y * size + x]!;

describe('the plain backdrop', () => {
  it('takes a soft shadow as backdrop, so the space it closes between the legs is backdrop too', () => {
    const { rgb } = tablePhoto();
    const found = plainBackdrop(rgb, size)!;
    expect(at(found.mask, 128, 140)).toBe(0); // between the legs
    expect(at(found.mask, 128, 200)).toBe(0); // the shadow's darkest
    expect(at(found.mask, 128, 88)).toBe(255); // the top
    expect(at(found.mask, 68, 150)).toBe(255); // a leg
  });

  it('keeps the model when it has the product and the fill adds only specks', () => {
    const { rgb, table } = tablePhoto();
    const model = Uint8Array.from(table, (v, i) => (v && i < 210 * size ? 255 : 0)); // no specks
    const found = plainBackdrop(rgb, size)!;
    expect(withPlainBackdrop(model, found.mask, size)).toBe(model);
    // A model that missed the table is overruled by the fill, without its specks.
    const missed = new Uint8Array(size * size);
    const filled = withPlainBackdrop(missed, found.mask, size);
    expect(at(filled, 128, 88)).toBe(255);
    expect(at(filled, 12, 21)).toBe(0);
  });
});

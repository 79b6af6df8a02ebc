import { describe, expect, it } from 'vitest';
import { withForeignHolesFilled } from '../../src/modules/addbg/foreign-holes';

// 256² photo on a checkerboard of dark red and pink (32 px squares). Two products, each drawn as
// a green frame, 16 px wide, around a 60×100 inside; the model's mask has both insides as holes.
// Left, a phone: its inside is its red screen (a colour the backdrop has not got). Right, a frame
// whose inside shows the checkerboard through it, as a mug's handle or a bag's handle does.
const size = 256;
const rgb = new Uint8Array(size * size * 3);
const mask = new Uint8Array(size * size);
const checker = (x: number, y: number) => (((x >> 5) + (y >> 5)) % 2 ? [150, 80, 80] : [230, 210, 210]);
/** Paints a rectangle in `colour` (null: the checkerboard) and sets it in or out of the mask. */
const paint = (x0: number, y0: number, w: number, h: number, colour: number[] | null, inMask: boolean) => {
  for (let y = y0; y < y0 + h; y++)
    for (let x = x0; x < x0 + w; x++) {
      rgb.set(colour ?? checker(x, y), (y * size + x) * 3);
      mask[y * size + x] = inMask ? 255 : 0;
    }
};
paint(0, 0, size, size, null, false);
const frame = (x0: number, y0: number, inside: number[] | null) => {
  paint(x0, y0, 92, 132, [40, 160, 60], true);
  paint(x0 + 16, y0 + 16, 60, 100, inside, false);
};
frame(20, 60, [215, 60, 60]);
frame(140, 60, null);
// The model gave the screen's lowest 20 rows half an alpha.
for (let y = 156; y < 176; y++) mask.fill(180, y * size + 36, y * size + 96);
const at = (m: Uint8Array, x: number, y: number) => m[y * size + x]!;

describe('holes of foreign colour', () => {
  it('fills a hole whose colours the backdrop has not got, and keeps one that shows the backdrop', () => {
    const out = withForeignHolesFilled(mask, rgb, size);
    expect(at(out, 66, 110)).toBe(255); // the phone's screen
    expect(at(out, 66, 170)).toBe(255); // and its half-transparent part
    expect(at(out, 186, 110)).toBe(0); // the backdrop seen through the other frame
    expect(at(out, 5, 5)).toBe(0); // the backdrop itself
    expect(at(mask, 66, 110)).toBe(0); // the input is not changed
  });

  it('leaves a mask without holes as it is', () => {
    const solid = new Uint8Array(size * size);
    for (let y = 60; y < 192; y++) solid.fill(255, y * size + 20, y * size + 112);
    expect(withForeignHolesFilled(solid, rgb, size)).toBe(solid);
  });
});

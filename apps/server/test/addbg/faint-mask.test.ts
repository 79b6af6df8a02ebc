import { describe, expect, it } from 'vitest';
import { faintProductMask, modelWasUnsure, otsuSplit } from '../../src/modules/addbg/faint-mask';
import { productMask, stretchOutput } from '../../src/modules/addbg/mask-passes';

// 256² photo on busy stripes (four colours, 16 px each) with an orange lamp: a 100×60 shade and a
// 6 px stem below it; a purple 20×20 blob elsewhere. The "model's" output is what ISNet gives
// such a photo when it is unsure: 0.1 on the lamp, 0.003 and 0.02 on the stripes, 0.8 on the blob.
const size = 256;
const rgb = new Uint8Array(size * size * 3);
const output = new Float32Array(size * size);
const paint = (x0: number, y0: number, w: number, h: number, colour: number[], value: number) => {
  for (let y = y0; y < y0 + h; y++)
    for (let x = x0; x < x0 + w; x++) {
      rgb.set(colour, (y * size + x) * 3);
      output[y * size + x] = value;
    }
};
const stripes = [
  [[40, 60, 200], 0.003],
  [[40, 170, 60], 0.02],
  [[230, 220, 90], 0.003],
  [[150, 150, 150], 0.02],
] as const;
for (let x = 0; x < size; x += 16) {
  const [colour, value] = stripes[(x / 16) % stripes.length]!;
  paint(x, 0, 16, size, [...colour], value);
}
paint(78, 40, 100, 60, [240, 130, 30], 0.1); // shade
paint(125, 100, 6, 110, [240, 130, 30], 0.1); // stem
paint(20, 220, 20, 20, [150, 40, 160], 0.8); // stray blob
const isLamp = (x: number, y: number) =>
  (x >= 78 && x < 178 && y >= 40 && y < 100) || (x >= 125 && x < 131 && y >= 100 && y < 210);

describe('faint model output', () => {
  it('stretched alone keeps only the stray blob', () => {
    const stretched = stretchOutput(output);
    expect(stretched[230 * size + 30]).toBe(255);
    expect(stretched[70 * size + 128]).toBeLessThan(128);
    expect(modelWasUnsure(stretched, output)).toBe(true);
  });

  it('is read again by colour regions: the lamp with its stem, not the blob or the stripes', () => {
    const { mask } = productMask(output, rgb, size);
    let inter = 0;
    let union = 0;
    for (let y = 0; y < size; y++)
      for (let x = 0; x < size; x++) {
        const a = mask[y * size + x]! > 127;
        const b = isLamp(x, y);
        if (a && b) inter++;
        if (a || b) union++;
      }
    expect(inter / union).toBeGreaterThanOrEqual(0.95);
    expect(mask[150 * size + 128]).toBe(255); // stem
    expect(mask[230 * size + 30]).toBe(0); // blob
    expect(mask[150 * size + 24]).toBe(0); // a stripe the model half saw
  });

  it('finds nothing where the model saw nothing', () => {
    expect(productMask(new Float32Array(output.length), rgb, size).mask.every((v) => v === 0)).toBe(true);
    expect(productMask(new Float32Array(output.length).fill(0.004), rgb, size).mask.every((v) => v === 0)).toBe(true);
  });

  it('reads nothing into levels that differ by less than half a decade', () => {
    // Stripes at 0.001 and 0.0015, the lamp at 0.002: two levels, but no product standing out.
    const flat = new Float32Array(output.length);
    for (let i = 0; i < flat.length; i++) flat[i] = output[i]! >= 0.1 ? 0.002 : output[i]! > 0.01 ? 0.0015 : 0.001;
    const stretched = stretchOutput(flat);
    expect(faintProductMask(flat, stretched, rgb, size)).toBe(stretched);
  });

  it('leaves a confident answer to the model', () => {
    const confident = new Float32Array(output.length);
    for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) confident[y * size + x] = isLamp(x, y) ? 0.99 : 0.001;
    expect(modelWasUnsure(stretchOutput(confident), confident)).toBe(false);
    const { mask } = productMask(confident, rgb, size);
    expect(mask[70 * size + 128]).toBe(255);
    expect(mask[230 * size + 30]).toBe(0);
  });
});

describe("Otsu's split", () => {
  it('splits two heaps between them, and again within the upper one', () => {
    const hist = new Float64Array(10);
    hist[1] = 100;
    hist[5] = 10;
    hist[8] = 5;
    expect(otsuSplit(hist)).toBeGreaterThanOrEqual(1);
    expect(otsuSplit(hist)).toBeLessThan(5);
    const second = otsuSplit(hist, otsuSplit(hist) + 1);
    expect(second).toBeGreaterThanOrEqual(5);
    expect(second).toBeLessThan(8);
  });
});

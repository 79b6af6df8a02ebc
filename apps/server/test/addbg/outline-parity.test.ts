import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { insideOutlines } from '../../src/modules/addbg/outline-parity';
import { plainBackdrop } from '../../src/modules/addbg/plain-backdrop';
import { maskIoU, syntheticProduct } from './synthetic';

// A mug on a plain white backdrop at 512² (half the 1024² outline in synthetic.ts): its body ends at
// x 320, where its handle begins; at y 265 the hole the handle encloses spans x 320–370 and the
// handle's band x 370–395.
const size = 512;
const handleFrom = 322;

async function photo(material: 'white' | 'matte') {
  const { png, truth } = await syntheticProduct(
    { shape: 'mug', material, background: 'plain', color: '#c0392b' },
    size,
  );
  const rgb = new Uint8Array(await sharp(png).removeAlpha().raw().toBuffer());
  return { truth, plain: plainBackdrop(rgb, size)! };
}

/** Pixels that differ (a count, not the arrays: a diff of a quarter of a million values is unreadable). */
const changed = (a: Uint8Array, b: Uint8Array) => a.reduce((n, v, i) => n + (v === b[i] ? 0 : 1), 0);

describe('areas inside outlines on a plain backdrop', () => {
  it('puts back a white handle the model missed, and leaves the hole it encloses as the model gave it', async () => {
    const { truth, plain } = await photo('white');
    expect(plain).not.toBeNull();
    const band = 265 * size + 383;
    const hole = 265 * size + 340;
    const holeOf = (i: number) => plain.mask[i] && plain.coloured[i] && !truth[i];
    // The model's mistake: the handle left out.
    const model = truth.map((v, i) => (v && i % size < handleFrom ? 255 : 0));
    expect(maskIoU(model, truth)).toBeLessThan(0.93);
    const fixed = insideOutlines(model, plain.coloured, size);
    expect(maskIoU(fixed, truth)).toBeGreaterThan(0.98);
    expect([truth[band], fixed[band]]).toEqual([1, 255]);
    expect([truth[hole], fixed[hole]]).toEqual([0, 0]);
    // Had the model counted the hole as mug, it stays so: inside two thin edges is also where a
    // line printed on a white product puts its inside.
    const withHole = model.map((v, i) => (holeOf(i) ? 255 : v));
    const kept = insideOutlines(withHole, plain.coloured, size);
    expect([kept[band], kept[hole]]).toEqual([255, 255]);
  });

  it('leaves a coloured mug as the model gave it: a hole in a thick body could as well be a label', async () => {
    const { truth, plain } = await photo('matte');
    const withHole = new Uint8Array(plain.mask); // the hole enclosed by the red handle counted as mug
    const withoutHole = truth.map((v) => v * 255);
    expect(changed(insideOutlines(withHole, plain.coloured, size), withHole)).toBe(0);
    expect(changed(insideOutlines(withoutHole, plain.coloured, size), withoutHole)).toBe(0);
  });

  it('leaves the backdrop at the photo border alone', async () => {
    const { plain } = await photo('white');
    const model = new Uint8Array(size * size).fill(255);
    const fixed = insideOutlines(model, plain.coloured, size);
    expect(fixed[0]).toBe(255);
    expect(fixed[size * size - 1]).toBe(255);
  });
});

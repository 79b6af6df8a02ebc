import { describe, expect, it } from 'vitest';
import { modelOverrulesGlass } from '../../src/modules/addbg/mask-passes';

// 100² maps: the model's mask is the left half; its output is confident (0.99) on part of it.
const size = 100;
const half = new Uint8Array(size * size);
for (let y = 0; y < size; y++) half.fill(255, y * size, y * size + 50);
const outputConfidentOn = (share: number) =>
  Float32Array.from(half, (v, i) => (v && i % size < 50 * share ? 0.99 : 0.2));
/** A see-through answer: the columns from `x0` to `x1`. */
const columns = (x0: number, x1: number) => {
  const mask = new Uint8Array(size * size);
  for (let y = 0; y < size; y++) mask.fill(255, y * size + x0, y * size + x1);
  return mask;
};

describe('the model against a see-through answer', () => {
  it('keeps a mask the model is mostly confident of when the glass answer would replace most of it', () => {
    expect(modelOverrulesGlass(half, columns(40, 60), outputConfidentOn(0.9))).toBe(true);
  });

  it('lets the glass answer through when the model was unsure, or when both mostly agree', () => {
    expect(modelOverrulesGlass(half, columns(40, 60), outputConfidentOn(0.6))).toBe(false);
    expect(modelOverrulesGlass(half, columns(0, 55), outputConfidentOn(0.9))).toBe(false);
  });

  it('does not let a confident speck overrule it (a confetti piece the model was sure of)', () => {
    // 2% of the photo, all confident, and nowhere near the glass answer.
    const speck = columns(0, 2);
    const confident = Float32Array.from(speck, (v) => (v ? 0.99 : 0.01));
    expect(modelOverrulesGlass(speck, columns(40, 60), confident)).toBe(false);
    const wider = columns(0, 4);
    expect(
      modelOverrulesGlass(
        wider,
        columns(40, 60),
        Float32Array.from(wider, (v) => (v ? 0.99 : 0.01)),
      ),
    ).toBe(true);
  });
});

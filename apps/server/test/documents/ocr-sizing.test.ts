import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { medianLineHeight } from '../../src/services/documents/ocr/line-height';
import { DEFAULT_OCR_SETTINGS, prepareForOcr } from '../../src/services/documents/ocr/ocr-pool';

/** A white page with black bars `line` px high (lines of print) and `gap` px apart. */
function bars(width: number, line: number, gap: number, count: number): { grey: Uint8Array; height: number } {
  const height = gap + count * (line + gap);
  const grey = new Uint8Array(width * height).fill(255);
  for (let i = 0; i < count; i++) {
    const top = gap + i * (line + gap);
    for (let y = top; y < top + line; y++) grey.fill(0, y * width + 10, y * width + width - 10);
  }
  return { grey, height };
}

describe('sizing print for OCR', () => {
  it('measures the usual line of print, ignoring specks and blank images', () => {
    const { grey, height } = bars(300, 40, 20, 5);
    // A speck row and a thin rule do not count as lines.
    grey.fill(0, 2 * 300 + 50, 2 * 300 + 52);
    expect(medianLineHeight(grey, 300, height)).toBe(40);
    expect(medianLineHeight(new Uint8Array(300 * 100).fill(255), 300, 100)).toBeNull();
  });

  it('brings large print to the line height tesseract reads best, and leaves print near it as it is', async () => {
    const settings = { ...DEFAULT_OCR_SETTINGS, lineHeight: 32 };
    const png = async (line: number) => {
      const { grey, height } = bars(600, line, line / 2, 4);
      return sharp(Buffer.from(grey), { raw: { width: 600, height, channels: 1 } })
        .png()
        .toBuffer();
    };
    const large = await png(96);
    const prepared = await sharp(await prepareForOcr(large, settings)).metadata();
    expect(prepared.width).toBe(200);
    const near = await png(30);
    expect(await prepareForOcr(near, settings)).toBe(near);
  });
});

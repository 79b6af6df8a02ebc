import type { RawImage } from './png-encoder';

/**
 * The image shrunk by a whole factor (each output pixel the average of a factor×factor block) until
 * it has at most `maxPixels` pixels; the image itself when it already has. A plain box filter is
 * enough for OCR, which reads print far below the resolution of a large scan.
 */
export function downscaleToPixels(image: RawImage, maxPixels: number): RawImage {
  const { width, height, channels, data } = image;
  if (width * height <= maxPixels) return image;
  const factor = Math.ceil(Math.sqrt((width * height) / maxPixels));
  const outWidth = Math.max(1, Math.floor(width / factor));
  const outHeight = Math.max(1, Math.floor(height / factor));
  const rowLength = outWidth * channels;
  const out = new Uint8Array(rowLength * outHeight);
  const sums = new Uint32Array(rowLength);
  const area = factor * factor;
  for (let y = 0; y < outHeight; y++) {
    sums.fill(0);
    for (let dy = 0; dy < factor; dy++) {
      const row = (y * factor + dy) * width * channels;
      for (let x = 0; x < outWidth; x++) {
        const from = row + x * factor * channels;
        for (let dx = 0; dx < factor * channels; dx++) sums[x * channels + (dx % channels)]! += data[from + dx]!;
      }
    }
    for (let i = 0; i < rowLength; i++) out[y * rowLength + i] = Math.round(sums[i]! / area);
  }
  return { data: out, width: outWidth, height: outHeight, channels };
}

import sharp from 'sharp';
import type { BuiltinBackground } from './backgrounds';

/**
 * Built-in scenes rendered once per size. A studio scene's SVG (gradients, blurred light, texture)
 * takes 0.2 s to render at 800² and 0.5 s at 1440² — most of a composite's time — and its pixels
 * never change. Kept as raw RGB within a byte budget, the least recently used let go first.
 */
const BUDGET_BYTES = 48 * 2 ** 20;
const rendered = new Map<string, { pixels: Promise<Buffer>; bytes: number }>();
let usedBytes = 0;

export async function scenePixels(scene: BuiltinBackground, width: number, height: number): Promise<sharp.Sharp> {
  const key = `${scene.id}:${width}x${height}`;
  let entry = rendered.get(key);
  if (entry) {
    // Map order is the eviction order: a hit moves to the back.
    rendered.delete(key);
    rendered.set(key, entry);
  } else {
    entry = { pixels: render(scene, width, height), bytes: width * height * 3 };
    if (entry.bytes <= BUDGET_BYTES) keep(key, entry);
  }
  // removeAlpha also keeps the composite drawn on it opaque (three bands out, as from the SVG).
  return sharp(await entry.pixels, { raw: { width, height, channels: 3 } }).removeAlpha();
}

function render(scene: BuiltinBackground, width: number, height: number): Promise<Buffer> {
  return sharp(Buffer.from(scene.svg(width, height)))
    .resize(width, height)
    .removeAlpha()
    .raw()
    .toBuffer();
}

function keep(key: string, entry: { pixels: Promise<Buffer>; bytes: number }) {
  rendered.set(key, entry);
  usedBytes += entry.bytes;
  entry.pixels.catch(() => forget(key));
  for (const oldest of rendered.keys()) {
    if (usedBytes <= BUDGET_BYTES) break;
    forget(oldest);
  }
}

function forget(key: string) {
  const entry = rendered.get(key);
  if (!entry) return;
  rendered.delete(key);
  usedBytes -= entry.bytes;
}

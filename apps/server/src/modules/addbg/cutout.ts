import sharp from 'sharp';
import type { CutoutPool } from './cutout-pool';
import type { CutoutStages } from './cutout-worker';
import type { Glass } from './see-through';

export interface CutoutResult {
  /** PNG with the mask as its alpha channel, at the source's size. */
  png: Buffer;
  width: number;
  height: number;
  /** Milliseconds per stage (absent when the upload was already cut out). */
  stages?: CutoutStages & { decode: number; encode: number };
}

/** Share of clearly transparent pixels above which an upload is taken as already cut out. */
const ALREADY_CUT_SHARE = 0.02;

/**
 * Cuts the product out of an image: the source, upright, scaled to the model's square input, the
 * mask scaled back to the source's size and put in as its alpha channel; a see-through product
 * takes its tint at its opacity where it showed the backdrop. An image that already has a real
 * transparent area (an earlier cutout) keeps its own alpha.
 */
export async function cutout(pool: CutoutPool, source: Buffer): Promise<CutoutResult> {
  const t0 = performance.now();
  const upright = await sharp(source).rotate().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  const { width, height, channels } = upright.info;
  if (channels === 4 && hasTransparency(upright.data)) {
    const png = await sharp(upright.data, { raw: { width, height, channels: 4 } })
      .png()
      .toBuffer();
    return { png, width, height };
  }
  // Most photos (JPEG, opaque PNG) decode to three bands; an opaque alpha band is dropped.
  const rgbFull =
    channels === 3
      ? upright.data
      : await sharp(upright.data, { raw: { width, height, channels } }).removeAlpha().raw().toBuffer();
  const rgbImage = () => sharp(rgbFull, { raw: { width, height, channels: 3 } });
  const size = pool.size;
  const same = width === size && height === size;
  // A copy either way: the pool transfers it to the worker.
  const rgb = same
    ? new Uint8Array(rgbFull)
    : new Uint8Array(await rgbImage().resize(size, size, { fit: 'fill', kernel: 'lanczos3' }).raw().toBuffer());
  const t1 = performance.now();
  const { mask, glass, stages } = await pool.mask(rgb);
  const t2 = performance.now();
  /** A layer at the model's size, at the source's. */
  const scaled = async (layer: Uint8Array) => {
    const buffer = Buffer.from(layer.buffer, layer.byteOffset, layer.byteLength);
    if (same) return buffer;
    return (
      sharp(buffer, { raw: { width: size, height: size, channels: 1 } })
        .resize(width, height, { fit: 'fill', kernel: 'cubic' })
        // A one-band raw input comes out in three bands unless asked for one.
        .extractChannel(0)
        .raw()
        .toBuffer()
    );
  };
  const fullMask = await scaled(mask);
  const png = glass
    ? await sharp(seeThroughLook(rgbFull, fullMask, await scaled(glass.opacity), glass.tint), {
        raw: { width, height, channels: 4 },
      })
        .png()
        .toBuffer()
    : await rgbImage()
        .joinChannel(fullMask, { raw: { width, height, channels: 1 } })
        .png()
        .toBuffer();
  return { png, width, height, stages: { ...stages, decode: t1 - t0, encode: performance.now() - t2 } };
}

/**
 * RGBA of a see-through product: where its opacity is below 255 the pixel showed the backdrop
 * through the glass, so it takes the tint, as transparent as the glass; elsewhere the photo's
 * colour. A new scene then shows through the glass instead of the old backdrop.
 */
function seeThroughLook(rgb: Buffer, mask: Buffer, opacity: Buffer, tint: Glass['tint']): Buffer {
  const rgba = Buffer.alloc(mask.length * 4);
  for (let i = 0; i < mask.length; i++) {
    const o = opacity[i]!;
    const see = o < 255;
    rgba[i * 4] = see ? tint[0] : rgb[i * 3]!;
    rgba[i * 4 + 1] = see ? tint[1] : rgb[i * 3 + 1]!;
    rgba[i * 4 + 2] = see ? tint[2] : rgb[i * 3 + 2]!;
    rgba[i * 4 + 3] = see ? Math.round((mask[i]! * o) / 255) : mask[i]!;
  }
  return rgba;
}

function hasTransparency(rgba: Buffer): boolean {
  let clear = 0;
  const pixels = rgba.length / 4;
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i]! < 16) clear++;
  return clear / pixels > ALREADY_CUT_SHARE;
}

/**
 * The product cut out with a mask the person corrected with the brush: the source upright, the
 * mask (white = product, any size, any colour type) scaled to it and put in as its alpha channel.
 */
export async function cutoutWithMask(source: Buffer, maskImage: Buffer): Promise<CutoutResult> {
  const upright = await sharp(source).rotate().removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = upright.info;
  const mask = await sharp(maskImage)
    .flatten({ background: '#000000' })
    .greyscale()
    .resize(width, height, { fit: 'fill' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  const channels = upright.info.channels as 1 | 2 | 3 | 4;
  const png = await sharp(upright.data, { raw: { width, height, channels } })
    .toColourspace('srgb')
    .joinChannel(mask, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
  return { png, width, height };
}

import sharp from 'sharp';
import type { BuiltinBackground } from './backgrounds';
import { scenePixels } from './scene-pixels';

export interface CompositeOptions {
  width: number;
  height: number;
  /** A built-in background, or a plain colour, or an image (an AI engine's scene) as the background. */
  background: { scene: BuiltinBackground } | { color: string } | { image: Buffer };
  /** Product height as a share of the canvas height (its width is kept within 92% of the canvas). */
  scale: number;
  /** The product's centre as shares of the canvas. */
  x: number;
  y: number;
  shadow: boolean;
  /** Where the light comes from, degrees clockwise from the top; null: soft light from above. */
  lightAngle: number | null;
}

export interface Placement {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The bounding box of the pixels whose alpha is above a small threshold. */
async function opaqueBox(cutoutPng: Buffer): Promise<Placement> {
  const { data, info } = await sharp(cutoutPng).extractChannel(3).raw().toBuffer({ resolveWithObject: true });
  let minX = info.width;
  let minY = info.height;
  let maxX = -1;
  let maxY = -1;
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      if (data[y * info.width + x]! > 24) {
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
      }
    }
  }
  if (maxX < 0) return { left: 0, top: 0, width: info.width, height: info.height };
  return { left: minX, top: minY, width: maxX - minX + 1, height: maxY - minY + 1 };
}

/** Where the product goes on the canvas: scaled, centred on (x, y), kept inside the canvas. */
export function placeProduct(box: { width: number; height: number }, o: CompositeOptions): Placement {
  const factor = Math.min((o.height * o.scale) / box.height, (o.width * 0.92) / box.width);
  const width = Math.max(1, Math.round(box.width * factor));
  const height = Math.max(1, Math.round(box.height * factor));
  const left = Math.min(Math.max(0, Math.round(o.x * o.width - width / 2)), o.width - width);
  const top = Math.min(Math.max(0, Math.round(o.y * o.height - height / 2)), o.height - height);
  return { left, top, width, height };
}

async function backgroundSvgOrImage(o: CompositeOptions): Promise<sharp.Sharp> {
  const bg = o.background;
  if ('image' in bg) return sharp(bg.image).resize(o.width, o.height, { fit: 'cover' }).removeAlpha();
  if ('scene' in bg) return scenePixels(bg.scene, o.width, o.height);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${o.width}" height="${o.height}"><rect width="100%" height="100%" fill="${bg.color}"/></svg>`;
  return sharp(Buffer.from(svg)).resize(o.width, o.height).removeAlpha();
}

/**
 * The soft contact shadow: a blurred ellipse under the product's base, pushed away from the light
 * and longer when the light is low on one side; plus a faint blurred silhouette for depth.
 */
function shadowSvg(p: Placement, o: CompositeOptions): string {
  const angle = o.lightAngle;
  const side = angle === null ? 0 : -Math.sin((angle * Math.PI) / 180);
  const back = angle === null ? 0 : Math.cos((angle * Math.PI) / 180) < -0.5 ? 1 : 0;
  const cx = p.left + p.width / 2 + side * p.width * 0.18;
  const cy = p.top + p.height - p.height * 0.01 + back * p.height * 0.03;
  const rx = p.width * (0.46 + Math.abs(side) * 0.16);
  const ry = Math.max(3, p.height * 0.045);
  const blur = Math.max(2, p.height * 0.025);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${o.width}" height="${o.height}">
<defs><filter id="b" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${blur.toFixed(1)}"/></filter></defs>
<ellipse cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" rx="${rx.toFixed(1)}" ry="${ry.toFixed(1)}" fill="#000" fill-opacity="0.38" filter="url(#b)"/>
<ellipse cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" rx="${(rx * 0.55).toFixed(1)}" ry="${(ry * 0.45).toFixed(1)}" fill="#000" fill-opacity="0.35" filter="url(#b)"/>
</svg>`;
}

/** Light over the product: brighter on the light's side, darker on the other, only where the product is. */
function lightOverlaySvg(width: number, height: number, angle: number): string {
  const rad = (angle * Math.PI) / 180;
  const dx = Math.sin(rad) / 2;
  const dy = -Math.cos(rad) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="l" x1="${(0.5 + dx).toFixed(3)}" y1="${(0.5 + dy).toFixed(3)}" x2="${(0.5 - dx).toFixed(3)}" y2="${(0.5 - dy).toFixed(3)}">
<stop offset="0" stop-color="#fff" stop-opacity="0.18"/><stop offset="0.5" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.16"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#l)"/></svg>`;
}

/** Puts a cut-out product on a background: scaled, placed, lit, with its contact shadow. PNG, opaque. */
export async function compositeProduct(
  cutoutPng: Buffer,
  o: CompositeOptions,
): Promise<{ png: Buffer; placement: Placement }> {
  const box = await opaqueBox(cutoutPng);
  const placement = placeProduct(box, o);
  let product = sharp(cutoutPng)
    .extract(box)
    .resize(placement.width, placement.height, { fit: 'fill', kernel: 'lanczos3' });
  if (o.lightAngle !== null) {
    const resized = await product.png().toBuffer();
    product = sharp(resized).composite([
      { input: Buffer.from(lightOverlaySvg(placement.width, placement.height, o.lightAngle)), blend: 'atop' },
    ]);
  }
  const layers: sharp.OverlayOptions[] = [];
  if (o.shadow) layers.push({ input: Buffer.from(shadowSvg(placement, o)), left: 0, top: 0 });
  layers.push({ input: await product.png().toBuffer(), left: placement.left, top: placement.top });
  const png = await (await backgroundSvgOrImage(o)).composite(layers).png().toBuffer();
  return { png, placement };
}

/** A small preview of a built-in background (list thumbnails). */
export function backgroundPreview(scene: BuiltinBackground): Promise<Buffer> {
  return sharp(Buffer.from(scene.svg(240, 240)))
    .png()
    .toBuffer();
}

/**
 * The product where `compositeProduct` would put it, on a transparent canvas of the output size,
 * and the inpainting mask of the rest (white: the background an AI engine paints; black: the
 * product, grown by a few pixels so its edge is not painted over).
 */
export async function productLayer(
  cutoutPng: Buffer,
  o: Omit<CompositeOptions, 'background'>,
): Promise<{ placed: Buffer; mask: Buffer }> {
  const box = await opaqueBox(cutoutPng);
  const p = placeProduct(box, { ...o, background: { color: '#000000' } });
  const product = await sharp(cutoutPng)
    .extract(box)
    .resize(p.width, p.height, { fit: 'fill', kernel: 'lanczos3' })
    .ensureAlpha()
    .png()
    .toBuffer();
  const placed = await sharp({ create: { width: o.width, height: o.height, channels: 4, background: '#00000000' } })
    .composite([{ input: product, left: p.left, top: p.top }])
    .png()
    .toBuffer();
  const mask = await sharp(placed).extractChannel(3).threshold(24).dilate(3).negate().png().toBuffer();
  return { placed, mask };
}

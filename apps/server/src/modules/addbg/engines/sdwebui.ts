import sharp from 'sharp';
import type { RemoteEngineConfig } from '../config';
import {
  LOGO_PROMPT_SUFFIX,
  SCENE_NEGATIVE,
  SCENE_PROMPT_SUFFIX,
  type AiImageEngine,
  type EngineCall,
  type LogoInput,
  type ProductSceneInput,
  type StyleInput,
} from './ai-engine';
import { callSignal, engineFetch, engineHeaders, engineUrl, imageFromBase64 } from './engine-http';

const NAME = 'sdwebui';

/** SD wants multiples of 8 and is asked for at most 1024 a side; the result is scaled to fit after. */
export function sdSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, 1024 / Math.max(width, height));
  const round8 = (v: number) => Math.max(64, Math.round((v * scale) / 8) * 8);
  return { width: round8(width), height: round8(height) };
}

const b64 = (png: Buffer) => png.toString('base64');

/**
 * Stable Diffusion WebUI's HTTP API: `txt2img` for logos, `img2img` with a mask to paint the
 * background around a product (inpainting), `img2img` without one for style transfer. Its
 * address and key come from the config only.
 */
export class SdWebuiEngine implements AiImageEngine {
  readonly id = 'sdwebui' as const;
  constructor(private readonly engine: RemoteEngineConfig) {}

  private async call(path: string, payload: Record<string, unknown>, call: EngineCall): Promise<Buffer> {
    await call.progress(10);
    const res = await engineFetch(NAME, engineUrl(this.engine, path), {
      method: 'POST',
      headers: engineHeaders(this.engine, { 'content-type': 'application/json' }),
      body: JSON.stringify({ steps: 25, batch_size: 1, ...payload }),
      signal: callSignal(call.signal),
    });
    const body = (await res.json().catch(() => ({}))) as { images?: unknown };
    const image = await imageFromBase64(NAME, Array.isArray(body.images) ? body.images[0] : undefined);
    await call.progress(100);
    return image;
  }

  async productScene(input: ProductSceneInput, call: EngineCall): Promise<Buffer> {
    const size = sdSize(input.width, input.height);
    // The product on neutral grey as the starting image; the mask (white = paint) keeps it.
    const init = await sharp(input.placed)
      .resize(size.width, size.height)
      .flatten({ background: '#808080' })
      .png()
      .toBuffer();
    const mask = await sharp(input.mask).resize(size.width, size.height).png().toBuffer();
    return this.call(
      'sdapi/v1/img2img',
      {
        prompt: `${input.prompt}, ${SCENE_PROMPT_SUFFIX}`,
        negative_prompt: SCENE_NEGATIVE,
        init_images: [b64(init)],
        mask: b64(mask),
        mask_blur: 4,
        // 1: start from the original (grey) so the product's edges stay where they are.
        inpainting_fill: 1,
        inpaint_full_res: false,
        inpainting_mask_invert: 0,
        denoising_strength: 0.95,
        ...size,
      },
      call,
    );
  }

  async style(input: StyleInput, call: EngineCall): Promise<Buffer> {
    const size = sdSize(input.width, input.height);
    const init = await sharp(input.source)
      .resize(size.width, size.height)
      .flatten({ background: '#ffffff' })
      .png()
      .toBuffer();
    return this.call(
      'sdapi/v1/img2img',
      {
        prompt: input.prompt,
        negative_prompt: 'lowres, watermark, text',
        init_images: [b64(init)],
        denoising_strength: 0.55,
        ...size,
      },
      call,
    );
  }

  async logo(input: LogoInput, call: EngineCall): Promise<Buffer> {
    const size = sdSize(input.size, input.size);
    return this.call(
      'sdapi/v1/txt2img',
      { prompt: `${input.prompt}, ${LOGO_PROMPT_SUFFIX}`, negative_prompt: 'photo, blurry, watermark', ...size },
      call,
    );
  }
}

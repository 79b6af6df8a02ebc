import sharp from 'sharp';
import type { OpenaiImageEngineConfig } from '../config';
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
import {
  EngineError,
  callSignal,
  engineFetch,
  engineHeaders,
  engineUrl,
  imageFromBase64,
  responseImage,
} from './engine-http';

const NAME = 'openai';

/** Fetches a result URL on another host through the portal's address guard (public addresses only). */
export type GuardedImageFetch = (url: string) => Promise<Buffer>;

/** The sizes the image APIs accept; the output is scaled to the work's size after. */
const API_SIZES = [
  { size: '1024x1024', ratio: 1 },
  { size: '1536x1024', ratio: 1.5 },
  { size: '1024x1536', ratio: 2 / 3 },
] as const;

export function apiSize(width: number, height: number): { size: string; width: number; height: number } {
  const ratio = width / height;
  const best = API_SIZES.reduce((a, b) =>
    Math.abs(Math.log(b.ratio / ratio)) < Math.abs(Math.log(a.ratio / ratio)) ? b : a,
  );
  const [w, h] = best.size.split('x').map(Number) as [number, number];
  return { size: best.size, width: w, height: h };
}

/**
 * An OpenAI-compatible image API: `POST /v1/images/generations` for logos and `/v1/images/edits`
 * (multipart, with a mask whose transparent part is what is redrawn) for a product's scene and
 * for style transfer. Results come as `b64_json` or as a URL; a URL on the engine's own address is
 * fetched like the call itself, any other only through the address guard. Address, key and model
 * come from the config only.
 */
export class OpenAiImageEngine implements AiImageEngine {
  readonly id = 'openai' as const;
  constructor(
    private readonly engine: OpenaiImageEngineConfig,
    private readonly guardedFetch: GuardedImageFetch,
  ) {}

  private path(name: string): URL {
    const versioned = /\/v1\/?$/.test(new URL(this.engine.url).pathname);
    return engineUrl(this.engine, versioned ? `images/${name}` : `v1/images/${name}`);
  }

  private base(prompt: string, size: string): Record<string, string> {
    return {
      prompt,
      n: '1',
      size,
      ...(this.engine.model ? { model: this.engine.model } : {}),
      ...(this.engine.response_format ? { response_format: this.engine.response_format } : {}),
    };
  }

  async productScene(input: ProductSceneInput, call: EngineCall): Promise<Buffer> {
    const size = apiSize(input.width, input.height);
    const fit = (png: Buffer) => sharp(png).resize(size.width, size.height, { fit: 'fill' });
    // The mask is the product layer itself: transparent (redrawn) around it, opaque over it.
    const mask = await fit(input.placed).ensureAlpha().png().toBuffer();
    const image = await fit(input.placed).flatten({ background: '#ffffff' }).png().toBuffer();
    return this.edit(image, mask, `${input.prompt}, ${SCENE_PROMPT_SUFFIX}. Avoid: ${SCENE_NEGATIVE}`, size.size, call);
  }

  async style(input: StyleInput, call: EngineCall): Promise<Buffer> {
    const size = apiSize(input.width, input.height);
    const image = await sharp(input.source)
      .resize(size.width, size.height, { fit: 'fill' })
      .flatten({ background: '#ffffff' })
      .png()
      .toBuffer();
    return this.edit(image, null, `Redraw this image ${input.prompt}`, size.size, call);
  }

  async logo(input: LogoInput, call: EngineCall): Promise<Buffer> {
    await call.progress(10);
    const res = await engineFetch(NAME, this.path('generations'), {
      method: 'POST',
      headers: engineHeaders(this.engine, { 'content-type': 'application/json' }),
      body: JSON.stringify({ ...this.base(`${input.prompt}, ${LOGO_PROMPT_SUFFIX}`, '1024x1024'), n: 1 }),
      signal: callSignal(call.signal),
    });
    return this.result(res, call);
  }

  private async edit(image: Buffer, mask: Buffer | null, prompt: string, size: string, call: EngineCall) {
    await call.progress(10);
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'image.png');
    if (mask) form.append('mask', new Blob([new Uint8Array(mask)], { type: 'image/png' }), 'mask.png');
    for (const [name, value] of Object.entries(this.base(prompt, size))) form.append(name, value);
    const res = await engineFetch(NAME, this.path('edits'), {
      method: 'POST',
      headers: engineHeaders(this.engine),
      body: form,
      signal: callSignal(call.signal),
    });
    return this.result(res, call);
  }

  private async result(res: Response, call: EngineCall): Promise<Buffer> {
    const body = (await res.json().catch(() => ({}))) as { data?: Array<{ b64_json?: unknown; url?: unknown }> };
    const first = Array.isArray(body.data) ? body.data[0] : undefined;
    let image: Buffer;
    if (typeof first?.b64_json === 'string') image = await imageFromBase64(NAME, first.b64_json);
    else if (typeof first?.url === 'string') image = await this.fetchUrl(first.url, call.signal);
    else throw new EngineError('openai answered no image');
    await call.progress(100);
    return image;
  }

  private async fetchUrl(raw: string, signal: AbortSignal | undefined): Promise<Buffer> {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new EngineError('openai answered an invalid image URL');
    }
    if (url.origin === new URL(this.engine.url).origin) {
      const res = await engineFetch(NAME, url, { headers: engineHeaders(this.engine), signal: callSignal(signal) });
      return responseImage(NAME, res);
    }
    try {
      return await this.guardedFetch(url.toString());
    } catch (error) {
      throw new EngineError(`openai result URL refused or failed: ${(error as Error).message}`);
    }
  }
}

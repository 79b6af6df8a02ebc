import {
  authHeader,
  engineUrl,
  expectOk,
  fromBase64,
  type DrawRequest,
  type EngineConnection,
  type ImageEngine,
} from './image-engine';

export interface SdWebUiOptions {
  steps: number;
  variationStrength: number;
}

/**
 * Stable Diffusion WebUI's API: `/sdapi/v1/txt2img` draws the grid's images as one batch,
 * `/sdapi/v1/img2img` varies an image. Its progress call has no task id (it reports whatever
 * runs), so progress is only known when the batch is back.
 */
export class SdWebUiImages implements ImageEngine {
  constructor(
    private readonly connection: EngineConnection,
    private readonly options: SdWebUiOptions,
  ) {}

  async draw(request: DrawRequest): Promise<Buffer[]> {
    const common = {
      prompt: request.prompt,
      negative_prompt: 'text, watermark, low quality',
      width: request.size,
      height: request.size,
      steps: this.options.steps,
      batch_size: request.count,
      n_iter: 1,
      seed: -1,
    };
    const body = request.source
      ? {
          ...common,
          init_images: [request.source.toString('base64')],
          denoising_strength: this.options.variationStrength,
        }
      : common;
    const path = request.source ? 'sdapi/v1/img2img' : 'sdapi/v1/txt2img';
    const res = await fetch(engineUrl(this.connection.url, path), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...authHeader(this.connection) },
      body: JSON.stringify(body),
      signal: request.signal,
    });
    const answer = (await (await expectOk(res, path)).json()) as { images?: unknown };
    const images = Array.isArray(answer.images) ? answer.images.filter((i): i is string => typeof i === 'string') : [];
    // With "return grid" set (its default), the batch's own grid comes first: the last ones are the batch.
    if (images.length < request.count) throw new Error(`${path} answered ${images.length} of ${request.count} images`);
    await request.onProgress(1);
    return images.slice(-request.count).map(fromBase64);
  }
}

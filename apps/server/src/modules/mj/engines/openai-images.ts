import {
  authHeader,
  engineUrl,
  expectOk,
  fromBase64,
  type DrawRequest,
  type EngineConnection,
  type ImageEngine,
} from './image-engine';

/** The API root: the configured address when it names a version (`…/v1`), else its `/v1`. */
function apiRoot(url: string): string {
  const trimmed = url.replace(/\/+$/, '');
  return /\/v\d+[a-z]*$/i.test(trimmed) ? trimmed : `${trimmed}/v1`;
}

/**
 * An OpenAI-compatible image API: `POST /v1/images/generations` for a prompt, `POST /v1/images/edits`
 * (the image and the prompt) for a variation. One image per call, as DALL·E 3 allows no more, which
 * also gives progress per image. Only base64 answers are taken: the portal never fetches an address
 * an answer names.
 */
export class OpenAiImages implements ImageEngine {
  private readonly root: string;

  constructor(private readonly connection: EngineConnection) {
    this.root = apiRoot(connection.url);
  }

  async draw(request: DrawRequest): Promise<Buffer[]> {
    const images: Buffer[] = [];
    for (let i = 0; i < request.count; i++) {
      images.push(request.source ? await this.edit(request, request.source) : await this.generate(request));
      await request.onProgress((i + 1) / request.count);
    }
    return images;
  }

  /** gpt-image models always answer base64 and refuse `response_format`; the others are asked for it. */
  private common(request: DrawRequest): Record<string, string | number> {
    const model = this.connection.model;
    return {
      ...(model ? { model } : {}),
      prompt: request.prompt,
      n: 1,
      size: `${request.size}x${request.size}`,
      ...(model?.startsWith('gpt-image') ? {} : { response_format: 'b64_json' }),
    };
  }

  private async generate(request: DrawRequest): Promise<Buffer> {
    const res = await fetch(engineUrl(this.root, 'images/generations'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...authHeader(this.connection) },
      body: JSON.stringify(this.common(request)),
      signal: request.signal,
    });
    return this.firstImage(await expectOk(res, 'images/generations'));
  }

  private async edit(request: DrawRequest, source: Buffer): Promise<Buffer> {
    const form = new FormData();
    for (const [key, value] of Object.entries(this.common(request))) form.append(key, String(value));
    form.append('image', new Blob([new Uint8Array(source)], { type: 'image/png' }), 'image.png');
    const res = await fetch(engineUrl(this.root, 'images/edits'), {
      method: 'POST',
      headers: authHeader(this.connection),
      body: form,
      signal: request.signal,
    });
    return this.firstImage(await expectOk(res, 'images/edits'));
  }

  private async firstImage(res: Response): Promise<Buffer> {
    const body = (await res.json()) as { data?: Array<{ b64_json?: unknown }> };
    const b64 = body.data?.[0]?.b64_json;
    if (typeof b64 !== 'string') throw new Error('the image API answered no base64 image');
    return fromBase64(b64);
  }
}

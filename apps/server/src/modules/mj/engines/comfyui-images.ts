import { randomInt, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  authHeader,
  engineUrl,
  expectOk,
  type DrawRequest,
  type EngineConnection,
  type ImageEngine,
} from './image-engine';

export interface ComfyUiOptions {
  steps: number;
  variationStrength: number;
  /** Absent: the first checkpoint ComfyUI lists. */
  checkpoint?: string;
  pollMs: number;
}

interface ComfyFile {
  filename: string;
  subfolder?: string;
  type?: string;
}

interface HistoryEntry {
  outputs?: Record<string, { images?: ComfyFile[] }>;
  status?: { status_str?: string; completed?: boolean };
}

/** The node that saves the images, whose outputs are read back. */
const SAVE_NODE = '9';
const NEGATIVE = 'text, watermark, low quality';

/**
 * ComfyUI: the portal's own workflow (checkpoint → sampler → save) queued with `POST /prompt`, its
 * end read from `GET /history/{prompt_id}` every `pollMs` (a socket is not kept for a job that may
 * outlive this process's connection), the images fetched with `GET /view`. A variation uploads its
 * image (`POST /upload/image`) and samples from it. The portal's prompts are queued directly, not
 * through the embedded tool's proxy, so no user sees them in the tool's history.
 */
export class ComfyUiImages implements ImageEngine {
  constructor(
    private readonly connection: EngineConnection,
    private readonly options: ComfyUiOptions,
  ) {}

  private url(path: string): URL {
    return engineUrl(this.connection.url, path);
  }

  private async getJson<T>(path: string, signal: AbortSignal): Promise<T> {
    const res = await fetch(this.url(path), { headers: authHeader(this.connection), signal });
    return (await (await expectOk(res, path)).json()) as T;
  }

  async draw(request: DrawRequest): Promise<Buffer[]> {
    const { signal } = request;
    const checkpoint = this.options.checkpoint ?? (await this.firstCheckpoint(signal));
    const source = request.source ? await this.upload(request.source, signal) : undefined;
    const res = await fetch(this.url('prompt'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...authHeader(this.connection) },
      body: JSON.stringify({ prompt: this.workflow(request, checkpoint, source), client_id: 'portal-mj' }),
      signal,
    });
    const queued = (await (await expectOk(res, 'prompt')).json()) as { prompt_id?: unknown };
    if (typeof queued.prompt_id !== 'string') throw new Error('ComfyUI answered no prompt_id');
    const outputs = await this.waitForOutputs(queued.prompt_id, signal);
    await request.onProgress(0.5);
    const images: Buffer[] = [];
    for (const file of outputs.slice(0, request.count)) {
      const params = new URLSearchParams({
        filename: file.filename,
        subfolder: file.subfolder ?? '',
        type: file.type ?? 'output',
      });
      const view = await fetch(this.url(`view?${params}`), { headers: authHeader(this.connection), signal });
      images.push(Buffer.from(await (await expectOk(view, 'view')).arrayBuffer()));
      await request.onProgress(0.5 + (0.5 * images.length) / request.count);
    }
    if (images.length < request.count) throw new Error(`ComfyUI saved ${images.length} of ${request.count} images`);
    return images;
  }

  private async firstCheckpoint(signal: AbortSignal): Promise<string> {
    const info = await this.getJson<Record<string, { input?: { required?: { ckpt_name?: unknown[] } } }>>(
      'object_info/CheckpointLoaderSimple',
      signal,
    );
    const names = info.CheckpointLoaderSimple?.input?.required?.ckpt_name?.[0];
    const first = Array.isArray(names) ? names.find((n): n is string => typeof n === 'string') : undefined;
    if (!first) throw new Error('ComfyUI lists no checkpoint');
    return first;
  }

  private async upload(png: Buffer, signal: AbortSignal): Promise<string> {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), `portal-mj-${randomUUID()}.png`);
    form.append('type', 'input');
    const res = await fetch(this.url('upload/image'), {
      method: 'POST',
      headers: authHeader(this.connection),
      body: form,
      signal,
    });
    const file = (await (await expectOk(res, 'upload/image')).json()) as { name?: unknown; subfolder?: unknown };
    if (typeof file.name !== 'string') throw new Error('ComfyUI stored no upload');
    return typeof file.subfolder === 'string' && file.subfolder ? `${file.subfolder}/${file.name}` : file.name;
  }

  private async waitForOutputs(promptId: string, signal: AbortSignal): Promise<ComfyFile[]> {
    for (;;) {
      const history = await this.getJson<Record<string, HistoryEntry>>(
        `history/${encodeURIComponent(promptId)}`,
        signal,
      );
      const entry = history[promptId];
      if (entry?.status?.status_str === 'error') throw new Error('ComfyUI failed the prompt');
      const images = entry?.outputs?.[SAVE_NODE]?.images;
      if (images && (entry?.status?.completed ?? true)) return images.filter((i) => typeof i.filename === 'string');
      await sleep(this.options.pollMs, undefined, { signal });
    }
  }

  /** The API-format workflow: txt2img, or img2img from an uploaded image with the batch repeated. */
  private workflow(request: DrawRequest, checkpoint: string, source: string | undefined): Record<string, unknown> {
    const latent = source
      ? {
          '10': { class_type: 'LoadImage', inputs: { image: source } },
          '11': { class_type: 'VAEEncode', inputs: { pixels: ['10', 0], vae: ['4', 2] } },
          '5': { class_type: 'RepeatLatentBatch', inputs: { samples: ['11', 0], amount: request.count } },
        }
      : {
          '5': {
            class_type: 'EmptyLatentImage',
            inputs: { width: request.size, height: request.size, batch_size: request.count },
          },
        };
    return {
      '4': { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: checkpoint } },
      '6': { class_type: 'CLIPTextEncode', inputs: { text: request.prompt, clip: ['4', 1] } },
      '7': { class_type: 'CLIPTextEncode', inputs: { text: NEGATIVE, clip: ['4', 1] } },
      ...latent,
      '3': {
        class_type: 'KSampler',
        inputs: {
          seed: randomInt(0, 2 ** 47),
          steps: this.options.steps,
          cfg: 7,
          sampler_name: 'euler',
          scheduler: 'normal',
          denoise: source ? this.options.variationStrength : 1,
          model: ['4', 0],
          positive: ['6', 0],
          negative: ['7', 0],
          latent_image: ['5', 0],
        },
      },
      '8': { class_type: 'VAEDecode', inputs: { samples: ['3', 0], vae: ['4', 2] } },
      [SAVE_NODE]: { class_type: 'SaveImage', inputs: { filename_prefix: 'portal-mj', images: ['8', 0] } },
    };
  }
}

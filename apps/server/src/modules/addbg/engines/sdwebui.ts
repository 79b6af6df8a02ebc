import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import type { SdwebuiEngineConfig } from '../config';
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

/** What `/sdapi/v1/progress` says about the job the engine runs now. */
interface SdProgress {
  progress: number;
  busy: boolean;
  /** When that job started (the engine's clock), which tells one job from the next. */
  timestamp: string | null;
}

/** Waits for `previous` to settle, or throws as soon as the signal aborts. */
function untilAborted(previous: Promise<unknown>, signal: AbortSignal): Promise<void> {
  signal.throwIfAborted();
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    void previous.finally(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    });
  });
}

/**
 * Stable Diffusion WebUI's HTTP API: `txt2img` for logos, `img2img` with a mask to paint the
 * background around a product (inpainting), `img2img` without one for style transfer. Its
 * address and key come from the config only.
 */
export class SdWebuiEngine implements AiImageEngine {
  readonly id = 'sdwebui' as const;
  constructor(private readonly engine: SdwebuiEngineConfig) {}

  /** The call before this one: ours go one after another (see `call`). */
  private previous: Promise<unknown> = Promise.resolve();

  /**
   * One generation. SD WebUI runs one job at a time and its `/sdapi/v1/progress` names no task, so
   * this process sends its calls one after another (costing nothing: the engine would queue them
   * anyway) and, while one runs, reads the engine's progress as that call's. A job someone else
   * had started before the call is recognised by its `job_timestamp` and not counted.
   */
  private call(path: string, payload: Record<string, unknown>, call: EngineCall): Promise<Buffer> {
    const signal = callSignal(call.signal);
    const turn = untilAborted(this.previous, signal).then(() => this.send(path, payload, call, signal));
    this.previous = turn.catch(() => undefined);
    return turn;
  }

  private async send(
    path: string,
    payload: Record<string, unknown>,
    call: EngineCall,
    signal: AbortSignal,
  ): Promise<Buffer> {
    await call.progress(10);
    const before = await this.readProgress(signal);
    const foreignJob = before && before.busy ? before.timestamp : null;
    const done = new AbortController();
    const watching = this.watchProgress(call, AbortSignal.any([signal, done.signal]), foreignJob);
    let body: { images?: unknown };
    try {
      const res = await engineFetch(NAME, engineUrl(this.engine, path), {
        method: 'POST',
        headers: engineHeaders(this.engine, { 'content-type': 'application/json' }),
        body: JSON.stringify({ steps: 25, batch_size: 1, ...payload }),
        signal,
      });
      body = (await res.json().catch(() => ({}))) as { images?: unknown };
    } finally {
      done.abort();
      await watching;
    }
    const image = await imageFromBase64(NAME, Array.isArray(body.images) ? body.images[0] : undefined);
    await call.progress(100);
    return image;
  }

  /** Reports the engine's progress (0..1) as 10–95 % of the call every `poll_ms` until `stop`. */
  private async watchProgress(call: EngineCall, stop: AbortSignal, foreignJob: string | null): Promise<void> {
    for (;;) {
      await sleep(this.engine.poll_ms, undefined, { signal: stop }).catch(() => undefined);
      if (stop.aborted) return;
      const state = await this.readProgress(stop);
      if (stop.aborted) return;
      if (!state || !state.busy || state.timestamp === foreignJob) continue;
      await call.progress(10 + Math.round(85 * state.progress)).catch(() => undefined);
    }
  }

  /** The engine's current job, or null when it cannot be read (progress is a nicety, never a failure). */
  private async readProgress(signal: AbortSignal): Promise<SdProgress | null> {
    try {
      const url = engineUrl(this.engine, 'sdapi/v1/progress');
      url.searchParams.set('skip_current_image', 'true');
      const res = await fetch(url, { headers: engineHeaders(this.engine), signal });
      if (!res.ok) {
        await res.body?.cancel().catch(() => undefined);
        return null;
      }
      const body = (await res.json()) as {
        progress?: unknown;
        state?: { job_count?: unknown; job_timestamp?: unknown };
      };
      const progress = typeof body.progress === 'number' ? Math.min(1, Math.max(0, body.progress)) : 0;
      const jobs = typeof body.state?.job_count === 'number' ? body.state.job_count : 0;
      return {
        progress,
        busy: jobs > 0 || progress > 0,
        timestamp: typeof body.state?.job_timestamp === 'string' ? body.state.job_timestamp : null,
      };
    } catch {
      return null;
    }
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

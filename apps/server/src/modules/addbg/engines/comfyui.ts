import { randomInt, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import type { ComfyEngineConfig } from '../config';
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
import { comfyWorkflow, type ComfyFunction, type TemplateValues } from './comfy-templates';
import { ComfySocket, type ComfyEvent } from './comfy-socket';
import { EngineError, callSignal, engineFetch, engineHeaders, engineUrl, responseImage } from './engine-http';
import { sdSize } from './sdwebui';

const NAME = 'comfyui';
/** With the socket open, history is still polled now and then in case a message was lost. */
const SAFETY_POLL_MS = 5_000;

export interface HistoryEntry {
  outputs?: Record<string, { images?: Array<{ filename?: unknown; subfolder?: unknown; type?: unknown }> }>;
  status?: { status_str?: string; completed?: boolean };
}

/**
 * ComfyUI: a function's workflow (API format, from a template) queued through `/prompt` with this
 * work's own client id, progress from its WebSocket (`/ws?clientId=`) or, when that cannot be
 * opened, by polling `/history/{prompt_id}`, and the first output image fetched from `/view`.
 */
export class ComfyUiEngine implements AiImageEngine {
  readonly id = 'comfyui' as const;
  constructor(private readonly engine: ComfyEngineConfig) {}

  productScene(input: ProductSceneInput, call: EngineCall): Promise<Buffer> {
    // The shipped template draws the scene alone; the product is put on it afterwards.
    return this.run(
      'scene',
      {
        prompt: `${input.prompt}, ${SCENE_PROMPT_SUFFIX}`,
        negative: SCENE_NEGATIVE,
        ...sdSize(input.width, input.height),
      },
      call,
    );
  }

  async style(input: StyleInput, call: EngineCall): Promise<Buffer> {
    const size = sdSize(input.width, input.height);
    const png = await sharp(input.source)
      .resize(size.width, size.height)
      .flatten({ background: '#ffffff' })
      .png()
      .toBuffer();
    const image = await this.upload(png, call.signal);
    return this.run('style', { prompt: input.prompt, negative: 'lowres, watermark, text', image, ...size }, call);
  }

  logo(input: LogoInput, call: EngineCall): Promise<Buffer> {
    const size = sdSize(input.size, input.size);
    return this.run(
      'logo',
      { prompt: `${input.prompt}, ${LOGO_PROMPT_SUFFIX}`, negative: 'photo, blurry, watermark', ...size },
      call,
    );
  }

  /**
   * Puts an image into ComfyUI's input folder (`/upload/image`, under a given subfolder and name); answers
   * the name LoadImage takes.
   */
  async upload(
    png: Buffer,
    signal: AbortSignal | undefined,
    target?: { subfolder: string; name: string },
  ): Promise<string> {
    const form = new FormData();
    const name = target?.name ?? `portal-addbg-${randomUUID()}.png`;
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), name);
    form.append('type', 'input');
    // A training set's photos keep their names, so a retried training replaces rather than adds.
    if (target) {
      form.append('subfolder', target.subfolder);
      form.append('overwrite', 'true');
    }
    const res = await engineFetch(NAME, engineUrl(this.engine, 'upload/image'), {
      method: 'POST',
      headers: engineHeaders(this.engine),
      body: form,
      signal: callSignal(signal),
    });
    const body = (await res.json().catch(() => ({}))) as { name?: unknown; subfolder?: unknown };
    if (typeof body.name !== 'string') throw new EngineError('comfyui did not name the uploaded image');
    return typeof body.subfolder === 'string' && body.subfolder ? `${body.subfolder}/${body.name}` : body.name;
  }

  /** A function's workflow run to its first output image. */
  async run(fn: ComfyFunction, values: TemplateValues, call: EngineCall): Promise<Buffer> {
    const signal = callSignal(call.signal);
    const { entry } = await this.execute(fn, values, call, signal);
    const bytes = await this.outputImage(entry, signal);
    await call.progress(100);
    return bytes;
  }

  /**
   * Queues a function's workflow (placeholders filled, `seed` and `checkpoint` by default) and
   * waits for its history entry, following progress; answers the prompt's id with the entry.
   */
  async execute(
    fn: ComfyFunction,
    values: TemplateValues,
    call: EngineCall,
    signal: AbortSignal = callSignal(call.signal),
  ): Promise<{ promptId: string; entry: HistoryEntry }> {
    const workflow = await comfyWorkflow(
      fn,
      { seed: randomInt(0, 2 ** 47), checkpoint: this.engine.checkpoint, ...values },
      this.engine.workflows[fn],
    );
    const clientId = randomUUID();
    const wsUrl = engineUrl(this.engine, `ws?clientId=${clientId}`);
    wsUrl.protocol = wsUrl.protocol === 'https:' ? 'wss:' : 'ws:';
    const socket = await ComfySocket.open(wsUrl, engineHeaders(this.engine), signal);
    try {
      const res = await engineFetch(NAME, engineUrl(this.engine, 'prompt'), {
        method: 'POST',
        headers: engineHeaders(this.engine, { 'content-type': 'application/json' }),
        body: JSON.stringify({ prompt: workflow, client_id: clientId }),
        signal,
      });
      const queued = (await res.json().catch(() => ({}))) as { prompt_id?: unknown };
      if (typeof queued.prompt_id !== 'string') throw new EngineError('comfyui queued no prompt');
      const promptId = queued.prompt_id;
      await call.queued?.(promptId);
      await call.progress(5);
      const entry = await this.finished(promptId, socket, call, signal).catch((error: unknown) => {
        // A work that stops (the process shuts down, a timeout) takes its prompt out of the queue.
        if (signal.aborted) void this.dequeue(promptId);
        throw error;
      });
      return { promptId, entry };
    } finally {
      socket?.close();
    }
  }

  /** The entry's first output image from `/view`, checked by content. */
  async outputImage(entry: HistoryEntry, signal: AbortSignal): Promise<Buffer> {
    const image = firstImage(entry);
    if (!image) throw new EngineError('comfyui finished without an output image');
    const view = engineUrl(this.engine, 'view');
    view.searchParams.set('filename', image.filename);
    view.searchParams.set('subfolder', image.subfolder);
    view.searchParams.set('type', image.type);
    return responseImage(NAME, await engineFetch(NAME, view, { headers: engineHeaders(this.engine), signal }));
  }

  /** The LoRA files the engine can load (`GET /models/loras`, names relative to its loras folders). */
  async loras(signal: AbortSignal): Promise<string[]> {
    const res = await engineFetch(NAME, engineUrl(this.engine, 'models/loras'), {
      headers: engineHeaders(this.engine),
      signal,
    });
    const body = (await res.json().catch(() => null)) as unknown;
    if (!Array.isArray(body)) throw new EngineError('comfyui did not list its LoRA models');
    return body.filter((n): n is string => typeof n === 'string');
  }

  /**
   * Best effort: the prompts leave the queue and the history (`POST /queue` and `POST /history`
   * with `delete`). ComfyUI has no call that deletes files (inputs, outputs, models).
   */
  async forget(promptIds: string[]): Promise<void> {
    if (promptIds.length === 0) return;
    for (const path of ['queue', 'history']) {
      await fetch(engineUrl(this.engine, path), {
        method: 'POST',
        headers: engineHeaders(this.engine, { 'content-type': 'application/json' }),
        body: JSON.stringify({ delete: promptIds }),
        signal: AbortSignal.timeout(10_000),
      }).then(
        (r) => r.body?.cancel(),
        () => undefined,
      );
    }
  }

  /** Waits for the prompt's history entry: woken by the socket, or by polling when there is none. */
  private async finished(
    promptId: string,
    socket: ComfySocket | null,
    call: EngineCall,
    signal: AbortSignal,
  ): Promise<HistoryEntry> {
    let wake: () => void = () => undefined;
    /** Set by a socket event until the loop has looked at the history again. */
    let woken = false;
    let failure: string | null = null;
    const progressUpdates: Promise<void>[] = [];
    socket?.listen(promptId, (event: ComfyEvent) => {
      if (event.type === 'progress') {
        progressUpdates.push(call.progress(5 + Math.round((90 * event.value) / event.max)).catch(() => undefined));
      } else {
        if (event.type === 'error') failure = event.message;
        woken = true;
        wake();
      }
    });
    for (;;) {
      signal.throwIfAborted();
      woken = false;
      if (failure) throw new EngineError(`comfyui failed the prompt: ${failure}`);
      const entry = await this.history(promptId, signal);
      if (entry?.status?.status_str === 'error') throw new EngineError('comfyui failed the prompt');
      if (entry && (entry.status?.completed || entry.outputs)) {
        await Promise.all(progressUpdates);
        return entry;
      }
      if (woken) continue;
      const wait = socket?.connected ? Math.max(SAFETY_POLL_MS, this.engine.poll_ms) : this.engine.poll_ms;
      const timer = new AbortController();
      await Promise.race([
        sleep(wait, undefined, { signal: AbortSignal.any([signal, timer.signal]) }).catch(() => undefined),
        new Promise<void>((resolve) => (wake = resolve)),
      ]);
      timer.abort();
    }
  }

  /**
   * Best effort: a prompt still pending is deleted from the queue. A running one is left to finish:
   * an older ComfyUI's `/interrupt` stops whatever runs, which may be another user's prompt.
   */
  private async dequeue(promptId: string): Promise<void> {
    await fetch(engineUrl(this.engine, 'queue'), {
      method: 'POST',
      headers: engineHeaders(this.engine, { 'content-type': 'application/json' }),
      body: JSON.stringify({ delete: [promptId] }),
      signal: AbortSignal.timeout(10_000),
    }).then(
      (r) => r.body?.cancel(),
      () => undefined,
    );
  }

  private async history(promptId: string, signal: AbortSignal): Promise<HistoryEntry | undefined> {
    const res = await engineFetch(NAME, engineUrl(this.engine, `history/${encodeURIComponent(promptId)}`), {
      headers: engineHeaders(this.engine),
      signal,
    });
    const body = (await res.json().catch(() => ({}))) as Record<string, HistoryEntry>;
    return body[promptId];
  }
}

function firstImage(entry: HistoryEntry): { filename: string; subfolder: string; type: string } | null {
  for (const output of Object.values(entry.outputs ?? {})) {
    for (const image of output.images ?? []) {
      if (typeof image.filename === 'string' && (image.type === undefined || image.type === 'output')) {
        return {
          filename: image.filename,
          subfolder: typeof image.subfolder === 'string' ? image.subfolder : '',
          type: 'output',
        };
      }
    }
  }
  return null;
}

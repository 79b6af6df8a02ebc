import type { ComfyEngineConfig } from '../config';
import type { EngineCall } from './ai-engine';
import { ComfyUiEngine } from './comfyui';
import { EngineError, callSignal } from './engine-http';
import { sdSize } from './sdwebui';

export interface PortraitTrainInput {
  /** The photo set's id: names the engine's folder of photos and the trained LoRA. */
  setId: string;
  /** The set's photos, already squared and sized for training (PNG). */
  photos: Buffer[];
  /** The word the person is trained under. */
  trigger: string;
  steps: number;
  timeoutMs: number;
}

export interface PortraitInput {
  /** The trained model's name on the engine. */
  modelRef: string;
  checkpoint: string;
  prompt: string;
  negative: string;
}

/** Raised when the engine trained but the result cannot be used: an administrator has to act. */
export class PortraitSetupError extends EngineError {}

/** A personal model trained from a set of face photos, and portraits drawn with it. */
export interface PortraitEngine {
  readonly id: 'comfyui';
  /** Trains the set's model; answers its name on the engine. */
  train(input: PortraitTrainInput, call: EngineCall): Promise<string>;
  /** One portrait (PNG, JPEG or WebP, checked by content). */
  portrait(input: PortraitInput, call: EngineCall): Promise<Buffer>;
  /** Best effort: the engine forgets what it queued for a set (see `ComfyUiEngine.forget`). */
  forget(engineRefs: string[]): Promise<void>;
}

/** Portraits are 3:4, as ID and business photos are. */
export const PORTRAIT_SIZE = sdSize(768, 1024);
export const PORTRAIT_NEGATIVE = 'lowres, deformed face, extra fingers, blurry, watermark, text, nsfw';

/** Where a set's photos go in ComfyUI's input folder, and the prefix its LoRA is saved under. */
export const photosFolder = (setId: string) => `portal-facechain-${setId}`;
const LORA_DIR = 'portal-facechain';

/**
 * ComfyUI: the set's photos are uploaded into their own input subfolder (`/upload/image`), the
 * training workflow (`portrait-train.json`: LoadImageSetFromFolderNode → TrainLoraNode →
 * SaveLoRA) is queued and followed like any other, and the saved LoRA must then be listed by
 * `/models/loras` — SaveLoRA writes under the output folder, which the company adds to ComfyUI's
 * LoRA paths (see the README). Portraits load it with a LoraLoader (`portrait.json`).
 */
export class ComfyPortraitEngine implements PortraitEngine {
  readonly id = 'comfyui' as const;
  private readonly comfy: ComfyUiEngine;

  constructor(private readonly engine: ComfyEngineConfig) {
    this.comfy = new ComfyUiEngine(engine);
  }

  async train(input: PortraitTrainInput, call: EngineCall): Promise<string> {
    const signal = callSignal(call.signal, input.timeoutMs);
    const folder = photosFolder(input.setId);
    for (const [i, png] of input.photos.entries()) {
      await this.comfy.upload(png, signal, { subfolder: folder, name: `photo-${i + 1}.png` });
      await call.progress(Math.round((10 * (i + 1)) / input.photos.length));
    }
    const prefix = `${LORA_DIR}/${input.setId}`;
    await this.comfy.execute(
      'portrait_train',
      { images_folder: folder, lora_prefix: `loras/${prefix}`, trigger: input.trigger, steps: input.steps },
      { ...call, progress: (p) => call.progress(10 + Math.round((85 * p) / 100)) },
      signal,
    );
    // The engine said it finished; the model counts only once the engine can load it.
    const names = (await this.comfy.loras(signal)).map((n) => n.replaceAll('\\', '/'));
    const trained = names.filter((n) => n.startsWith(`${prefix}_`) || n.startsWith(`loras/${prefix}_`)).sort();
    const name = trained.at(-1);
    if (!name) {
      throw new PortraitSetupError(
        `comfyui finished training but lists no LoRA named ${prefix}_*: add its output/loras folder to the loras paths`,
      );
    }
    await call.progress(100);
    return name;
  }

  portrait(input: PortraitInput, call: EngineCall): Promise<Buffer> {
    return this.comfy.run(
      'portrait',
      {
        lora: input.modelRef,
        checkpoint: input.checkpoint,
        prompt: input.prompt,
        negative: input.negative,
        ...PORTRAIT_SIZE,
      },
      call,
    );
  }

  forget(engineRefs: string[]): Promise<void> {
    return this.comfy.forget(engineRefs);
  }
}

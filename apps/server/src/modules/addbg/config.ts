import { z } from 'zod';
import { configSection } from '../config-section';

/** An engine reached over HTTP; its address and key come only from here, never from a request. */
const remoteEngine = z
  .object({
    url: z.url(),
    api_key: z.string().optional(),
    /** The model name an OpenAI-compatible image API is asked for. */
    model: z.string().optional(),
  })
  .strict();
export type RemoteEngineConfig = z.infer<typeof remoteEngine>;

/** Stable Diffusion WebUI: `/sdapi/v1/progress` is read this often while one of its calls runs. */
const sdwebuiEngine = remoteEngine.extend({ poll_ms: z.number().int().min(50).max(60_000).default(1_000) }).strict();
export type SdwebuiEngineConfig = z.infer<typeof sdwebuiEngine>;

/** ComfyUI: progress comes over its WebSocket; without one, `/history/{id}` is polled this often. */
const comfyEngine = remoteEngine
  .extend({
    poll_ms: z.number().int().min(50).max(60_000).default(1_000),
    /** The checkpoint the shipped workflow templates load (`{{checkpoint}}`). */
    checkpoint: z.string().min(1).default('v1-5-pruned-emaonly.safetensors'),
    /**
     * The company's own workflows in API format, per function, instead of the shipped templates:
     * JSON files using the same placeholders (`{{prompt}}`, `{{negative}}`, `{{width}}`,
     * `{{height}}`, `{{seed}}`, `{{checkpoint}}`, `{{image}}` for style transfer).
     */
    workflows: z
      .object({
        scene: z.string().optional(),
        style: z.string().optional(),
        logo: z.string().optional(),
        /** Portrait training: `{{images_folder}}`, `{{lora_prefix}}`, `{{trigger}}`, `{{steps}}` too. */
        portrait_train: z.string().optional(),
        /** A portrait with the personal model: `{{lora}}` too. */
        portrait: z.string().optional(),
      })
      .strict()
      .prefault({}),
  })
  .strict();
export type ComfyEngineConfig = z.infer<typeof comfyEngine>;

/** An OpenAI-compatible image API: `/v1/images/generations` and `/v1/images/edits`. */
const openaiImageEngine = remoteEngine
  .extend({
    /**
     * Hosts (besides the engine's own address) whose result URLs may be fetched, e.g. a CDN the
     * API answers with; fetched through the image proxy's address guard (public addresses only).
     */
    result_hosts: z.array(z.string().trim().toLowerCase()).default([]),
    /** Sent only when set: `gpt-image-1` always answers `b64_json` and refuses the field. */
    response_format: z.enum(['b64_json', 'url']).optional(),
  })
  .strict();
export type OpenaiImageEngineConfig = z.infer<typeof openaiImageEngine>;

/** A portrait style of `facechain/styleTypeList`: the words the engine is asked for. */
const portraitStyle = z
  .object({ id: z.string().min(1).max(64), name: z.string().min(1), prompt: z.string().min(1) })
  .strict();
/** A base model of `facechain/styleModelList`: a checkpoint installed on the engine. */
const portraitModel = z
  .object({ id: z.string().min(1).max(64), name: z.string().min(1), checkpoint: z.string().min(1) })
  .strict();

/**
 * Portraits (人像写真): trained and drawn on ComfyUI only (SD WebUI trains embeddings from a folder
 * on its own disk, which this server cannot fill through its API). Styles and base models are
 * the company's to choose; the defaults use the engine's configured checkpoint.
 */
const facechainConfig = z
  .object({
    /** Training steps of the shipped workflow (`{{steps}}`). */
    train_steps: z.number().int().min(1).max(100_000).default(600),
    /** Training (one call, queue wait included) fails after this long. */
    train_timeout_seconds: z
      .number()
      .int()
      .min(60)
      .default(3 * 3600),
    styles: z.array(portraitStyle).min(1).optional(),
    models: z.array(portraitModel).min(1).optional(),
  })
  .strict()
  .prefault({});
export type FacechainConfig = z.infer<typeof facechainConfig>;

/**
 * A vision-capable chat model that describes an image for `image/interrogate`: `provider` names an
 * entry under `providers.endpoints` (its address and key are configured there).
 */
const visionModel = z.object({ provider: z.string().min(1), model: z.string().min(1) }).strict();

/**
 * The `addbg` section (图片设计). With nothing set, the built-in offline engine cuts out and
 * composites on the CPU; features that need an AI engine say which one in their lists.
 */
export const addbgConfigSchema = z
  .object({
    /** Section 3: images per user and period; spent per generated image, refunded on failure. */
    usage_total: z.number().int().min(0).default(100),
    /** How often `remain` is refilled to `usage_total`. */
    usage_period_seconds: z.number().int().min(60).default(86_400),
    /** Section 5's optional limits of a source image (bytes come from `storage.max_image_bytes`). */
    max_image_width: z.number().int().positive().optional(),
    max_image_height: z.number().int().positive().optional(),
    cutout: z
      .object({
        /**
         * A segmentation model of the company's own choosing (an .onnx file with a 1×3×S×S input
         * and a 1×1×S×S mask output, e.g. BiRefNet-lite, u2netp); by default the ISNet weights of
         * `@imgly/background-removal-data` (see the README for their licence).
         */
        model_path: z.string().optional(),
        /** The model's square input size. */
        input_size: z.number().int().min(64).max(2048).default(1024),
        /** Threads one inference uses. */
        threads: z.number().int().min(1).max(64).default(2),
        /** The worker (and its ~1.4 GB) is let go after this long without a cutout. */
        idle_unload_seconds: z.number().int().min(0).default(600),
      })
      .strict()
      .prefault({}),
    /** Works run at once per server process (a cutout takes ~1.4 GB while it runs). */
    job_concurrency: z.number().int().min(1).max(16).default(1),
    sdwebui: sdwebuiEngine.optional(),
    comfyui: comfyEngine.optional(),
    openai: openaiImageEngine.optional(),
    /**
     * Which configured AI engine draws scenes, style transfers and AI logos; by default the first
     * configured of sdwebui, comfyui, openai.
     */
    ai_engine: z.enum(['sdwebui', 'comfyui', 'openai']).optional(),
    vision: visionModel.optional(),
    facechain: facechainConfig,
  })
  .strict()
  .superRefine((config, ctx) => {
    if (config.ai_engine && !config[config.ai_engine]) {
      ctx.addIssue({ code: 'custom', path: ['ai_engine'], message: `engine "${config.ai_engine}" is not configured` });
    }
  });
export type AddbgConfig = z.infer<typeof addbgConfigSchema>;

export const addbgConfigSection = configSection('addbg', addbgConfigSchema);

/** Its settings' type in PortalConfig (see ModuleConfigSections). */
declare module '../config-section' {
  interface ModuleConfigSections {
    addbg: typeof addbgConfigSection;
  }
}

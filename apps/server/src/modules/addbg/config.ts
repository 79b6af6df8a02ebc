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
    sdwebui: remoteEngine.optional(),
    comfyui: remoteEngine.optional(),
    openai: remoteEngine.optional(),
  })
  .strict();
export type AddbgConfig = z.infer<typeof addbgConfigSchema>;

export const addbgConfigSection = configSection('addbg', addbgConfigSchema);

/** Its settings' type in PortalConfig (see ModuleConfigSections). */
declare module '../config-section' {
  interface ModuleConfigSections {
    addbg: typeof addbgConfigSection;
  }
}

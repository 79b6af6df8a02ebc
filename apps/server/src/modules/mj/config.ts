import { MJ_ENGINES } from '@portal/contract';
import { z } from 'zod';
import { configSection } from '../config-section';

/** An engine reached over HTTP; its address and key come only from the configuration. */
const remoteEngine = z
  .object({
    url: z.url({ protocol: /^https?$/, message: '只能是 http 或 https 地址' }),
    api_key: z.string().optional(),
    /** The model an OpenAI-compatible image API is asked for (`dall-e-3`, `gpt-image-1`…). */
    model: z.string().optional(),
  })
  .strict();

/**
 * The `mj` section: the image chat of the chatgpt app. Its engine's address is its own
 * (`mj.openai`, `mj.sdwebui`, `mj.comfyui`) or, when absent, the image designer's (`addbg.<engine>`),
 * or for SD WebUI and ComfyUI the embedded tool's (`embedded.stablediffusion.url`,
 * `embedded.comfyui.url`). Without `engine`, the first of SD WebUI, ComfyUI, OpenAI that has an
 * address is used; with none, the page says the image chat is not connected.
 */
export const mjConfigSchema = z
  .object({
    engine: z.enum(MJ_ENGINES).optional(),
    openai: remoteEngine.optional(),
    sdwebui: remoteEngine.optional(),
    comfyui: remoteEngine.optional(),
    /** Side of a grid's square images (multiples of 8 for SD and ComfyUI; OpenAI sizes for OpenAI). */
    size: z.number().int().min(256).max(2048).multipleOf(8).default(1024),
    /** Sampling steps (SD WebUI, ComfyUI). */
    steps: z.number().int().min(1).max(150).default(25),
    /** How far a variation may move from its image (SD WebUI, ComfyUI). */
    variation_strength: z.number().min(0.05).max(1).default(0.6),
    /** ComfyUI's checkpoint for the built-in workflow; absent: the first one ComfyUI lists. */
    comfyui_checkpoint: z.string().min(1).optional(),
    /** How often ComfyUI's history is read while a prompt runs. */
    poll_ms: z.number().int().min(50).max(60_000).default(1_000),
    /** How long one job may take on the engine before it fails (and its images are given back). */
    timeout_seconds: z.number().int().min(10).max(3_600).default(600),
    /** Jobs drawn at once per server process; more wait in the queue. */
    job_concurrency: z.number().int().min(1).max(16).default(2),
  })
  .strict();
export type MjConfig = z.infer<typeof mjConfigSchema>;

export const mjConfigSection = configSection('mj', mjConfigSchema);

/** Its settings' type in PortalConfig (see ModuleConfigSections). */
declare module '../config-section' {
  interface ModuleConfigSections {
    mj: typeof mjConfigSection;
  }
}

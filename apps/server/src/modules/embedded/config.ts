import { z } from 'zod';
import { usageWindowConfig } from '../../services/usage/config';
import { configSection } from '../config-section';

/**
 * One tool's connection. The address comes only from here, never from a request; private
 * addresses are allowed because these tools run inside the company's network.
 */
const toolSchema = z
  .object({
    /** The tool's base address (`http://10.0.0.5:8188`); absent: not connected. */
    url: z.url({ protocol: /^https?$/, message: '只能是 http 或 https 地址' }).optional(),
  })
  .strict()
  .prefault({});

/** The `embedded` section: Stable Diffusion WebUI and ComfyUI shown inside the portal. */
export const embeddedConfigSchema = z
  .object({
    stablediffusion: toolSchema,
    comfyui: toolSchema,
    /** Lifetime of the cookie the frame's one-time code sets; renewed while the tool is in use. */
    cookie_ttl_seconds: z.number().int().min(30).max(86_400).default(600),
    /** How often an open WebSocket re-checks its cookie and the app right. */
    recheck_ms: z.number().int().min(50).max(60_000).default(5_000),
    /** API calls (`POST /api/stablediffusion`, `/api/comfyui`) per user and app per usage window. */
    api_quota: z.number().int().min(0).default(500),
    ...usageWindowConfig,
    /** How long one call of a tool's API may take (generations are slow). */
    api_timeout_ms: z.number().int().min(1_000).max(3_600_000).default(600_000),
  })
  .strict();
export type EmbeddedConfig = z.infer<typeof embeddedConfigSchema>;

/** The module's section of the configuration file, under `embedded`. */
export const embeddedConfigSection = configSection('embedded', embeddedConfigSchema);

/** Its settings' type in PortalConfig (see ModuleConfigSections). */
declare module '../config-section' {
  interface ModuleConfigSections {
    embedded: typeof embeddedConfigSection;
  }
}

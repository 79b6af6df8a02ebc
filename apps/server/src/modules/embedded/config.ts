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
    /**
     * A separate origin the tool is shown on (`https://comfy.portal.example`), a host name pointed
     * at this same server: the tool then runs at that origin's root, out of reach of the portal's
     * own pages and storage (and of frontends that break under a sub-path). Absent: the tool runs
     * under `/embedded/<app>/` on the portal's origin.
     */
    origin: z
      .url({ protocol: /^https?$/, message: '只能是 http 或 https 地址' })
      .refine((value) => URL.canParse(value) && new URL(value).origin === value.replace(/\/$/, ''), {
        message: '只能是来源地址（协议、主机名和端口），不能带路径、查询或用户名',
      })
      .transform((value) => new URL(value).origin)
      .optional(),
  })
  .strict()
  .refine((tool) => !tool.origin || tool.url, { message: '设置 origin 前需先设置 url', path: ['origin'] })
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
  .strict()
  .refine((c) => !c.comfyui.origin || c.comfyui.origin !== c.stablediffusion.origin, {
    message: '两个工具不能使用同一个 origin',
    path: ['comfyui', 'origin'],
  });
export type EmbeddedConfig = z.infer<typeof embeddedConfigSchema>;

/** The module's section of the configuration file, under `embedded`. */
export const embeddedConfigSection = configSection('embedded', embeddedConfigSchema);

/** Its settings' type in PortalConfig (see ModuleConfigSections). */
declare module '../config-section' {
  interface ModuleConfigSections {
    embedded: typeof embeddedConfigSection;
  }
}

import { z } from 'zod';
import { endpoint, type Endpoint } from './endpoint';

/** The tools shown in a frame: Stable Diffusion WebUI and ComfyUI (module kind `embedded`). */
export const EMBEDDED_APP_KEYS = ['stablediffusion', 'comfyui'] as const;
export type EmbeddedAppKey = (typeof EMBEDDED_APP_KEYS)[number];
export const embeddedAppKeySchema = z.enum(EMBEDDED_APP_KEYS, { message: '应用只能是 stablediffusion 或 comfyui' });

/** Where the proxied tool lives on the portal's origin: `/embedded/<app_key>/`. */
export const EMBEDDED_PATH_PREFIX = '/embedded';
export function embeddedBasePath(appKey: EmbeddedAppKey): string {
  return `${EMBEDDED_PATH_PREFIX}/${appKey}/`;
}
/** Redeems a one-time code, sets the tool's cookie and redirects into the tool. */
export function embeddedEnterPath(appKey: EmbeddedAppKey): string {
  return `${EMBEDDED_PATH_PREFIX}/${appKey}/__portal/enter`;
}
/**
 * Where the frame lands on a tool's own origin (`embedded.<app>.origin`): the same redemption, the
 * tool then runs at that origin's root instead of under `/embedded/<app>/`.
 */
export const EMBEDDED_ORIGIN_ENTER_PATH = '/__portal/enter';
export function embeddedOriginEnterUrl(origin: string): string {
  return `${origin.replace(/\/+$/, '')}${EMBEDDED_ORIGIN_ENTER_PATH}`;
}
/** The configuration key an administrator sets to connect a tool. */
export function embeddedConfigKey(appKey: EmbeddedAppKey): string {
  return `embedded.${appKey}.url`;
}

/** `POST /api/designer/sdwebui/getSDWebUICode`. */
export const sdWebUICodeRequestSchema = z.object({ app_key: embeddedAppKeySchema }).strict();
export type SdWebUICodeRequest = z.infer<typeof sdWebUICodeRequestSchema>;
export const sdWebUICodeResponseSchema = z.object({
  /** Single use, bound to the user and the app, valid for a minute. */
  code: z.string(),
  /**
   * Loading it in a frame redeems the code, sets the cookie and lands on the tool: a path on the
   * portal's origin, or an absolute address on the tool's own origin when one is configured.
   */
  embed_url: z.string(),
});
export type SdWebUICodeResponse = z.infer<typeof sdWebUICodeResponseSchema>;

/** Whether a tool is connected; administrators also learn which key connects it. */
export const embeddedStatusSchema = z.object({
  app_key: embeddedAppKeySchema,
  configured: z.boolean(),
  /** `embedded.<app>.url`: shown to administrators when nothing is connected. */
  config_key: z.string(),
  is_admin: z.boolean(),
});
export type EmbeddedStatus = z.infer<typeof embeddedStatusSchema>;

export const EMBEDDED_API_METHODS = ['GET', 'POST'] as const;
/** `POST /api/stablediffusion` and `POST /api/comfyui`: one call of the tool's own API. */
export const embeddedApiRequestSchema = z
  .object({
    /** The tool's own path with its query (`/sdapi/v1/txt2img`, `/history?max_items=5`); allow-listed. */
    path: z
      .string({ message: 'path 不能为空' })
      .min(1, { message: 'path 不能为空' })
      .max(2000, { message: 'path 过长' })
      .startsWith('/', { message: 'path 必须以 / 开头' }),
    method: z.enum(EMBEDDED_API_METHODS, { message: 'method 只能是 GET 或 POST' }).default('GET'),
    body: z.unknown().optional(),
  })
  .strict();
export type EmbeddedApiRequest = z.infer<typeof embeddedApiRequestSchema>;
/** The tool's answer: its status and its body (JSON when it sent JSON, else text). */
export const embeddedApiResponseSchema = z.object({
  status: z.number().int(),
  content_type: z.string(),
  body: z.unknown(),
});
export type EmbeddedApiResponse = z.infer<typeof embeddedApiResponseSchema>;

/** The portal's own queue for SD WebUI generations (SD WebUI's `progress` has no task id). */
export const sdQueueStatusSchema = z.object({
  /** 1 = running now; null when the user has nothing waiting. */
  position: z.number().int().nullable(),
  /** Generations waiting or running, everyone's. */
  waiting: z.number().int(),
});
export type SdQueueStatus = z.infer<typeof sdQueueStatusSchema>;

const statusQuery = z.object({}).strict();

export const embeddedEndpoints = {
  getSDWebUICode: endpoint({
    method: 'POST',
    path: '/api/designer/sdwebui/getSDWebUICode',
    summary: 'One-time code and frame address for an embedded tool (Stable Diffusion WebUI or ComfyUI)',
    tag: 'embedded',
    access: 'user',
    body: sdWebUICodeRequestSchema,
    data: sdWebUICodeResponseSchema,
  }),
  stablediffusionStatus: endpoint({
    method: 'GET',
    path: '/api/stablediffusion/status',
    summary: 'Whether Stable Diffusion WebUI is connected',
    tag: 'embedded',
    access: 'user',
    query: statusQuery,
    data: embeddedStatusSchema,
  }),
  comfyuiStatus: endpoint({
    method: 'GET',
    path: '/api/comfyui/status',
    summary: 'Whether ComfyUI is connected',
    tag: 'embedded',
    access: 'user',
    query: statusQuery,
    data: embeddedStatusSchema,
  }),
  stablediffusionQueue: endpoint({
    method: 'GET',
    path: '/api/stablediffusion/queue',
    summary: "The caller's place in the portal's queue of Stable Diffusion generations",
    tag: 'embedded',
    access: 'user',
    data: sdQueueStatusSchema,
  }),
  stablediffusionApi: endpoint({
    method: 'POST',
    path: '/api/stablediffusion',
    summary: 'Calls an allow-listed Stable Diffusion WebUI API path (/sdapi/v1/…); counted and audited',
    tag: 'embedded',
    access: 'user',
    body: embeddedApiRequestSchema,
    data: embeddedApiResponseSchema,
  }),
  comfyuiApi: endpoint({
    method: 'POST',
    path: '/api/comfyui',
    summary: "Calls an allow-listed ComfyUI API path, filtered to the caller's own prompts; counted and audited",
    tag: 'embedded',
    access: 'user',
    body: embeddedApiRequestSchema,
    data: embeddedApiResponseSchema,
  }),
};

/** The per-user ComfyUI paths the proxy answers itself (also under `/api/`), by method. */
export const COMFY_FILTERED_ROUTES = [
  ['GET', '/history'],
  ['GET', '/history/:prompt_id'],
  ['GET', '/queue'],
  ['GET', '/view'],
  ['POST', '/prompt'],
  ['POST', '/history'],
  ['POST', '/queue'],
  ['POST', '/interrupt'],
  ['POST', '/upload/image'],
  ['POST', '/upload/mask'],
  // ComfyUI's `/internal` routes that show the whole server's: its log (empty for everyone) and
  // the folders' file lists (only the caller's files).
  ['GET', '/internal/logs'],
  ['GET', '/internal/logs/raw'],
  ['PATCH', '/internal/logs/subscribe'],
  ['GET', '/internal/files/:directory_type'],
  // Newer frontends' queue panel: the jobs list and one job, the caller's only.
  ['GET', '/jobs'],
  ['GET', '/jobs/:job_id'],
] as const;

/** ComfyUI paths refused (403) for these methods: they act on every user's work (also under `/api/`). */
const WRITES = ['POST', 'PUT', 'DELETE', 'PATCH'] as const;
export const COMFY_REFUSED_ROUTES = [
  [['GET', ...WRITES], '/free'],
  [WRITES, '/jobs'],
  [WRITES, '/jobs/*'],
] as const;

/** WebSocket paths of each tool: ComfyUI's progress socket, SD WebUI's Gradio 3 queue. */
export const EMBEDDED_SOCKET_PATHS: Readonly<Record<EmbeddedAppKey, readonly string[]>> = {
  comfyui: ['/ws'],
  stablediffusion: ['/queue/join'],
};

const enterQuerySchema = z.object({ code: z.string().max(200) });

/** A tool's WebSocket (one of `EMBEDDED_SOCKET_PATHS`), bridged by the portal. */
export function embeddedSocketEndpoint(appKey: EmbeddedAppKey, path: string) {
  return endpoint({
    method: 'GET',
    path: `${EMBEDDED_PATH_PREFIX}/${appKey}${path}`,
    summary: `The tool's WebSocket (${appKey}), proxied and re-checked while open`,
    tag: 'embedded',
    access: 'user',
    reply: 'websocket',
  });
}

/**
 * The proxied tools under `/embedded/<app>/`, for the API document: served only when the tool is
 * configured, behind the tool's cookie (not the bearer token) and the app right.
 */
export const embeddedProxyEndpoints: Readonly<Record<string, Endpoint>> = Object.fromEntries(
  EMBEDDED_APP_KEYS.flatMap((appKey) => {
    const base = `${EMBEDDED_PATH_PREFIX}/${appKey}`;
    const entries: Array<[string, Endpoint]> = [
      [
        `${appKey}Enter`,
        endpoint({
          method: 'GET',
          path: embeddedEnterPath(appKey),
          summary: "Redeems a one-time code, sets the tool's short-lived cookie and redirects into the tool",
          tag: 'embedded',
          access: 'public',
          query: enterQuerySchema,
          reply: 'redirect',
        }),
      ],
      [
        `${appKey}Proxy`,
        endpoint({
          method: 'GET',
          path: `${base}/*`,
          summary: `The proxied tool (${appKey}; every method), behind its cookie and the app right`,
          tag: 'embedded',
          access: 'user',
          reply: 'proxy',
        }),
      ],
      ...EMBEDDED_SOCKET_PATHS[appKey].map((path): [string, Endpoint] => [
        `${appKey}Socket${path}`,
        embeddedSocketEndpoint(appKey, path),
      ]),
    ];
    if (appKey === 'comfyui') {
      for (const [method, path] of COMFY_FILTERED_ROUTES) {
        for (const spelling of ['', '/api']) {
          entries.push([
            `comfyui ${method} ${spelling}${path}`,
            endpoint({
              method,
              path: `${base}${spelling}${path}`,
              summary: `ComfyUI ${method} ${path}, limited to the caller's own prompts and files`,
              tag: 'embedded',
              access: 'user',
              reply: 'proxy',
            }),
          ]);
        }
      }
      for (const [methods, path] of COMFY_REFUSED_ROUTES) {
        entries.push([
          `comfyui refused ${path}`,
          endpoint({
            method: methods[0],
            path: `${base}${path}`,
            summary: `ComfyUI ${path}: refused (403), it would act on every user's work`,
            tag: 'embedded',
            access: 'user',
            reply: 'proxy',
          }),
        ]);
      }
    }
    return entries;
  }),
);
